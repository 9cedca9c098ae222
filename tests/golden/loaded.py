# The golden values of tests/golden.cpp ("golden values of loaded plans"): a
# transcription of docs/spec.md (version 7), sections 2 (cut, knuth_yao) and 3c,
# independent of the C++ code. Run: python3 tests/golden/loaded.py
M64 = (1 << 64) - 1
class splitmix64:
    def __init__(self, seed): self.c = seed
    def __call__(self):
        self.c = (self.c + 0x9e3779b97f4a7c15) & M64
        z = self.c
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        return z ^ (z >> 31)

def scale(roll, L, m):
    while True:
        v = roll()
        if v * m % L >= L % m: return v * m // L

def cut(value, weights):
    c = 0
    for i, w in enumerate(weights):
        c += w
        if value < c: return i

def knuth_yao(roll, K, weights):
    W = sum(weights)
    for i, w in enumerate(weights):
        if w == W: return i
    x, share = 0, 1
    while True:
        x = x * K + roll()
        for i, w in enumerate(weights):
            leaves = K * (share * w % W) // W
            if x < leaves: return i
            x -= leaves
        share = share * K % W

two_d6 = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
s = splitmix64(1)
print("cut 2d6 word64:", [cut(scale(s, 1 << 64, 36), two_d6) for _ in range(12)])
s = splitmix64(2)
print("ky 1,2,3 word64:", [knuth_yao(s, 1 << 64, [1, 2, 3]) for _ in range(12)])
s = splitmix64(3)
coin = lambda: s() >> 63
print("ky 3,2,1 coin:", [knuth_yao(coin, 2, [3, 2, 1]) for _ in range(12)])
s = splitmix64(4)
d6 = lambda: s() % 6
print("ky 2d6 d6:", [knuth_yao(d6, 6, two_d6) for _ in range(12)])
