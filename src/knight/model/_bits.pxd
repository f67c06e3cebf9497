# The compiled loops' bit tricks on 64-bit words, inlined in each module that cimports them (the search's
# _fill.pyx and _magic.pyx, the count's _walker.pyx): kept on the ground floor, which every engine may cimport.

from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int knight_lowest_bit(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int knight_lowest_bit(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int lowest_bit "knight_lowest_bit"(uint64_t x) nogil  # the index of x's lowest set bit (x != 0)


cdef inline int popcount(uint64_t x) noexcept nogil:
    """The set bits of x (without branches: the counts vary, their branches mispredict)."""
    x = x - ((x >> 1) & <uint64_t>0x5555555555555555)
    x = (x & <uint64_t>0x3333333333333333) + ((x >> 2) & <uint64_t>0x3333333333333333)
    x = (x + (x >> 4)) & <uint64_t>0x0F0F0F0F0F0F0F0F
    return <int>((x * <uint64_t>0x0101010101010101) >> 56)
