import * as d from '@spinmpi/ddt'
let t = d.INT32
for (let i = 0; i < 300; i++) t = d.dup(t)
console.log('depth', t.depth)
try { d.typeFromJson(JSON.parse(JSON.stringify(d.typeToJson(t)))); console.log('roundtrip ok') } catch (e: any) { console.log('roundtrip THROW', e.errorClass, e.message) }
let u = d.INT32
for (let i = 0; i < 256; i++) u = d.contiguous(1, u)
try { d.dup(u); console.log('dup of 256-deep ok', d.dup(u).depth) } catch (e: any) { console.log('THROW', e.message) }
try { d.typeFromJson(d.typeToJson(d.dup(u))); console.log('rt ok') } catch (e: any) { console.log('rt THROW', e.errorClass, e.message) }
