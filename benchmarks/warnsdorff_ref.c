/* A plain C knight's tour solver, the yardstick of bench_tour.py (compiled by it with cc -O2).

   Warnsdorff's rule with backtracking, written as one would: recursion, a visited array,
   each candidate's onward moves counted afresh. Ties go to the square farther from the
   centre, then to the earlier move, as in knight's search, so it finds the same tours. */
#include <string.h>

static const int DR[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static int size;
static int visited[64 * 64];
static int *path;

static int onward(int r, int c) {
    int count = 0;
    for (int i = 0; i < 8; i++) {
        int nr = r + DR[i], nc = c + DC[i];
        if (nr >= 0 && nr < size && nc >= 0 && nc < size && !visited[nr * size + nc]) count++;
    }
    return count;
}

static int far(int r, int c) { /* distance from the centre, squared (x4): larger goes first */
    int dr = 2 * r - size + 1, dc = 2 * c - size + 1;
    return dr * dr + dc * dc;
}

static int extend(int r, int c, int depth) {
    visited[r * size + c] = 1;
    path[depth] = r * size + c + 1;
    if (depth + 1 == size * size) return 1;
    int next[8], key[8], tie[8], count = 0;
    for (int i = 0; i < 8; i++) {
        int nr = r + DR[i], nc = c + DC[i];
        if (nr < 0 || nr >= size || nc < 0 || nc >= size || visited[nr * size + nc]) continue;
        int k = onward(nr, nc), t = -far(nr, nc), j = count++;
        while (j > 0 && (key[j - 1] > k || (key[j - 1] == k && tie[j - 1] > t))) {
            next[j] = next[j - 1], key[j] = key[j - 1], tie[j] = tie[j - 1];
            j--;
        }
        next[j] = i, key[j] = k, tie[j] = t;
    }
    for (int j = 0; j < count; j++)
        if (extend(r + DR[next[j]], c + DC[next[j]], depth + 1)) return 1;
    visited[r * size + c] = 0;
    return 0;
}

/* An open tour of the n×n board from square number start (1-based) into out; 1 if found. */
int tour(int n, int start, int *out) {
    size = n;
    path = out;
    memset(visited, 0, sizeof(int) * n * n);
    return extend((start - 1) / n, (start - 1) % n, 0);
}

/* Tours from every start of the n×n board, rounds times over; the number found. */
long every_start(int n, int rounds) {
    int out[64 * 64];
    long found = 0;
    for (int round = 0; round < rounds; round++)
        for (int start = 1; start <= n * n; start++) found += tour(n, start, out);
    return found;
}
