/* Reads one type per line in prefix notation (written by check-mpich.mjs), builds it with the MPI
 * library it is compiled against (MPICH or Open MPI), prints "size lb extent true_lb true_extent
 * h1 h2 h3": hN is an FNV-1a hash of MPI_Pack of N instances from a buffer whose byte at offset o
 * (from the buffer address) is pat(o). With the argument "runs" it prints instead, per count
 * 1..3, the packed bytes' source offsets as merged runs "offset:length,..." (three packs of a
 * buffer holding byte k of each offset recover every offset). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static char *p;
static long num(void) { return strtol(p, &p, 10); }
static void skip(void) { while (*p == ' ') p++; }

static MPI_Datatype parse(void) {
  skip();
  char word[32]; int n = 0;
  while (*p && *p != ' ' && *p != '\n' && n < 31) word[n++] = *p++;
  word[n] = 0;
  MPI_Datatype t, old;
  if (!strcmp(word, "byte")) return MPI_BYTE;
  if (!strcmp(word, "int8")) return MPI_INT8_T;
  if (!strcmp(word, "int16")) return MPI_INT16_T;
  if (!strcmp(word, "int32")) return MPI_INT32_T;
  if (!strcmp(word, "int64")) return MPI_INT64_T;
  if (!strcmp(word, "float32")) return MPI_FLOAT;
  if (!strcmp(word, "float64")) return MPI_DOUBLE;
  if (!strcmp(word, "double_int")) return MPI_DOUBLE_INT;
  if (!strcmp(word, "contiguous")) { long c = num(); old = parse(); MPI_Type_contiguous(c, old, &t); return t; }
  if (!strcmp(word, "vector") || !strcmp(word, "hvector")) {
    long c = num(), bl = num(), st = num(); old = parse();
    if (word[0] == 'v') MPI_Type_vector(c, bl, st, old, &t); else MPI_Type_create_hvector(c, bl, st, old, &t);
    return t;
  }
  if (!strcmp(word, "indexed") || !strcmp(word, "hindexed")) {
    long c = num(); int *bl = malloc(sizeof(int) * (c + 1)); int *d = malloc(sizeof(int) * (c + 1)); MPI_Aint *ad = malloc(sizeof(MPI_Aint) * (c + 1));
    for (long i = 0; i < c; i++) { bl[i] = num(); d[i] = num(); ad[i] = d[i]; }
    old = parse();
    if (word[0] == 'i') MPI_Type_indexed(c, bl, d, old, &t); else MPI_Type_create_hindexed(c, bl, ad, old, &t);
    return t;
  }
  if (!strcmp(word, "indexedBlock") || !strcmp(word, "hindexedBlock")) {
    long c = num(), bl = num(); int *d = malloc(sizeof(int) * (c + 1)); MPI_Aint *ad = malloc(sizeof(MPI_Aint) * (c + 1));
    for (long i = 0; i < c; i++) { d[i] = num(); ad[i] = d[i]; }
    old = parse();
    if (word[0] == 'i') MPI_Type_create_indexed_block(c, bl, d, old, &t); else MPI_Type_create_hindexed_block(c, bl, ad, old, &t);
    return t;
  }
  if (!strcmp(word, "struct")) {
    long c = num(); int *bl = malloc(sizeof(int) * (c + 1)); MPI_Aint *ad = malloc(sizeof(MPI_Aint) * (c + 1)); MPI_Datatype *ts = malloc(sizeof(MPI_Datatype) * (c + 1));
    for (long i = 0; i < c; i++) { bl[i] = num(); ad[i] = num(); ts[i] = parse(); }
    MPI_Type_create_struct(c, bl, ad, ts, &t);
    return t;
  }
  if (!strcmp(word, "resized")) { long lb = num(), ext = num(); old = parse(); MPI_Type_create_resized(old, lb, ext, &t); return t; }
  if (!strcmp(word, "dup")) { old = parse(); MPI_Type_dup(old, &t); return t; }
  if (!strcmp(word, "darray")) {
    int size = num(), rank = num(), nd = num(); int gs[8], ds[8], da[8], ps[8];
    for (int i = 0; i < nd; i++) gs[i] = num();
    for (int i = 0; i < nd; i++) { long d = num(); ds[i] = d == 0 ? MPI_DISTRIBUTE_NONE : d == 1 ? MPI_DISTRIBUTE_BLOCK : MPI_DISTRIBUTE_CYCLIC; }
    for (int i = 0; i < nd; i++) { long a = num(); da[i] = a < 0 ? MPI_DISTRIBUTE_DFLT_DARG : (int)a; }
    for (int i = 0; i < nd; i++) ps[i] = num();
    int order = num(); old = parse();
    MPI_Type_create_darray(size, rank, nd, gs, ds, da, ps, order ? MPI_ORDER_FORTRAN : MPI_ORDER_C, old, &t);
    return t;
  }
  if (!strcmp(word, "subarray")) {
    int nd = num(); int sz[8], sub[8], st[8];
    for (int i = 0; i < nd; i++) sz[i] = num();
    for (int i = 0; i < nd; i++) sub[i] = num();
    for (int i = 0; i < nd; i++) st[i] = num();
    int order = num(); old = parse();
    MPI_Type_create_subarray(nd, sz, sub, st, order ? MPI_ORDER_FORTRAN : MPI_ORDER_C, old, &t);
    return t;
  }
  fprintf(stderr, "unknown word '%s'\n", word); exit(2);
}

static unsigned char pat(long o) { return (unsigned char)(((uint64_t)(o + 1000003) * 2654435761u) >> 13); }

/* Source offset of every packed byte of `c` instances of `t`, printed as merged runs. */
static void print_runs(MPI_Datatype t, int c, int size, long lo, long hi) {
  long span = hi - lo, n = (long)size * c;
  unsigned char *buf = malloc(span + 1), *out = malloc(n + 1);
  long *src = calloc(n + 1, sizeof(long));
  for (int k = 0; k < 3; k++) {
    for (long o = lo; o < hi; o++) buf[o - lo] = (unsigned char)((o - lo) >> (8 * k));
    int pos = 0;
    MPI_Pack(buf - lo, c, t, out, (int)n, &pos, MPI_COMM_SELF);
    for (long i = 0; i < n; i++) src[i] |= (long)out[i] << (8 * k);
  }
  printf(" ");
  long start = 0;
  for (long i = 1; i <= n; i++) {
    if (i < n && src[i] == src[i - 1] + 1) continue;
    printf("%s%ld:%ld", start ? "," : "", src[start] + lo, i - start);
    start = i;
  }
  if (n == 0) printf("-");
  free(buf); free(out); free(src);
}

int main(int argc, char **argv) {
  int runs = argc > 1 && !strcmp(argv[1], "runs");
  MPI_Init(&argc, &argv);
  static char line[1 << 20];
  while (fgets(line, sizeof line, stdin)) {
    p = line;
    MPI_Datatype t = parse();
    MPI_Type_commit(&t);
    MPI_Aint lb, ext, tlb, text; int size;
    MPI_Type_get_extent(t, &lb, &ext); MPI_Type_get_true_extent(t, &tlb, &text); MPI_Type_size(t, &size);
    printf("%d %ld %ld %ld %ld", size, (long)lb, (long)ext, (long)tlb, (long)text);
    for (int c = 1; c <= 3; c++) {
      long lo = tlb + (ext < 0 ? (c - 1) * ext : 0), hi = tlb + text + (ext > 0 ? (c - 1) * ext : 0);
      if (size == 0) { lo = 0; hi = 0; }
      if (runs) { print_runs(t, c, size, lo, hi); continue; }
      long span = hi - lo; unsigned char *buf = malloc(span + 1);
      for (long o = lo; o < hi; o++) buf[o - lo] = pat(o);
      int outsize = size * c, pos = 0; unsigned char *out = malloc(outsize + 1);
      MPI_Pack(buf - lo, c, t, out, outsize, &pos, MPI_COMM_SELF);
      uint32_t h = 2166136261u; for (int i = 0; i < pos; i++) { h ^= out[i]; h *= 16777619u; }
      printf(" %u", h); free(buf); free(out);
    }
    printf("\n"); fflush(stdout);
  }
  MPI_Finalize();
  return 0;
}
