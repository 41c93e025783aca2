// A seeded generator of bad command lines and bad input files for the built CLI, shared by the
// fuzz test (a dozen cases) and `npm run fuzz`'s longer run.
import fc from 'fast-check'

/** Input files a case may point at: name -> content. */
export function badFiles(): Record<string, string | Buffer> {
  let deep = '"int32"'
  for (let i = 0; i < 5000; i++) deep = `{"kind":"contiguous","count":1,"oldtype":${deep}}`
  return {
    'garbage.json': Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) & 0xff)),
    'nul.json': '"int32"\0',
    'bom-garbage.json': '\uFEFF{"kind":',
    'deep.json': deep,
    'empty-array.json': '[]',
    'empty.json': '',
    'unknown-kind.json': '{"kind":"tensor","oldtype":"int32"}',
    'negative.json': '{"kind":"vector","count":2,"blocklength":-1,"stride":3,"oldtype":"int32"}',
    'huge-count.json': '{"kind":"contiguous","count":1e300,"oldtype":"int32"}',
    'billion.json': '{"kind":"vector","count":1000000000,"blocklength":1,"stride":2,"oldtype":"int32"}',
    'overflow.json': '{"kind":"hvector","count":3,"blocklength":1,"stride":9007199254740000,"oldtype":"float64"}',
    'garbage.goal': Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31 + 7) & 0xff)),
    'nul.goal': 'num_ranks 2\0\n',
    'neg-peer.goal': 'num_ranks 2\nrank 0 {\na: send 8b to -1 tag 0\n}\nrank 1 {\n}\n',
    'huge-ranks.goal': 'num_ranks 99999999999\nrank 0 {\n}\n',
    'bad-size.goal': 'num_ranks 1\nrank 0 {\na: calc 1e400\n}\n',
  }
}

const TYPE_FILES = Object.keys(badFiles()).filter((f) => f.endsWith('.json'))
const GOAL_FILES = Object.keys(badFiles()).filter((f) => f.endsWith('.goal'))
const BAD_INTS = ['', ' ', '-1', '1.5', '1e400', 'NaN', 'Infinity', '0x10', '1e12', '99999999999999999999', 'abc', '--json']
const BAD_SETS = ['nic.hpus = 8', 'nic.hpus=', '=8', 'nic.hpus=1e400', 'host.cpuHz=-1', 'nope.field=1', 'nic.hpus=1000000000', 'nic.hpus=0.5']
const GOOD_TYPE = 'examples/types/vector-64.json'
const BAD_FAULTS = ['loss=2', 'loss=1', 'dup=-0.1', 'nicmem=0', 'nicmem=1.5', 'nicmem=8XB', 'rto=0', 'rto=1e400', 'bogus=1', 'loss', '', ',', 'loss=0.1,loss=0.2', 'loss=NaN']

/**
 * One bad command line: words after `spinmpi`, with `@name` standing for the bad file `name`.
 * Every case has exactly one bad ingredient, so each must fail.
 */
export const badCommandArb: fc.Arbitrary<string[]> = fc.oneof(
  fc.tuple(fc.constantFrom('typemap', 'unpack', 'compare'), fc.constantFrom(...TYPE_FILES)).map(([cmd, f]) =>
    cmd === 'unpack' ? [cmd, '--type', `@${f}`, '--strategy', 'host'] : [cmd, '--type', `@${f}`]),
  fc.tuple(fc.constantFrom('typemap', 'unpack', 'compare'), fc.constantFrom(...BAD_INTS)).map(([cmd, n]) =>
    cmd === 'unpack' ? [cmd, '--type', GOOD_TYPE, '--strategy', 'host', '--count', n] : [cmd, '--type', GOOD_TYPE, '--count', n]),
  fc.tuple(fc.constantFrom('unpack', 'compare'), fc.constantFrom(...BAD_INTS, '0', '1000000000')).map(([cmd, n]) =>
    cmd === 'unpack' ? [cmd, '--type', GOOD_TYPE, '--strategy', 'rw-cp', '--hpus', n] : [cmd, '--type', GOOD_TYPE, '--hpus', n]),
  fc.tuple(fc.constantFrom('unpack', 'compare'), fc.constantFrom(...BAD_FAULTS)).map(([cmd, f]) =>
    cmd === 'unpack' ? [cmd, '--type', GOOD_TYPE, '--strategy', 'host', '--faults', f] : [cmd, '--type', GOOD_TYPE, '--faults', f]),
  fc.constantFrom(...BAD_INTS).filter((n) => !/^[+-]?\d+$/.test(n.trim())).map((n) => ['unpack', '--type', GOOD_TYPE, '--strategy', 'host', '--fault-seed', n]),
  fc.constantFrom(...GOAL_FILES).map((f) => ['goal', 'run', `@${f}`]),
  fc.constantFrom(...BAD_SETS).map((s) => ['profiles', 'sc19', '--set', s]),
  fc.constantFrom('1000x1000x1000x1000', '2x2x2x2000000', '3x4x4x4', '0x4x4x4', 'axbxcxd', '4x4x4').map((l) =>
    ['run', 'milc', '--ranks', '4', '--lattice', l]),
  fc.constantFrom(...BAD_INTS, '0', '100000000').map((n) => ['run', 'fft2d', '--ranks', '4', '--n', n]),
  fc.constantFrom('/proc/spinmpi-none', '/dev/null/x').map((dir) => ['bench', 'host-pack', '--quick', '--out', dir]),
  fc.constantFrom('/dev/zero', '/nonexistent/x.json', '.').map((f) => ['typemap', '--type', f]),
)
