//! A tiny deterministic PRNG for the seeded random tests (shared with
//! `examples/tests/memo_random.rs`, which includes this file by path).
// Each test includes the whole file and uses what it needs.
#![allow(dead_code)]

/// xorshift64* — enough randomness for choosing steps, and no dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        // Spread small seeds over the state; never zero.
        Self((seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }

    /// One of `choices`, each as likely as its weight.
    pub fn weighted<T: Copy>(&mut self, choices: &[(T, usize)]) -> T {
        let total: usize = choices.iter().map(|(_, weight)| weight).sum();
        let mut roll = self.below(total);
        for &(choice, weight) in choices {
            if roll < weight {
                return choice;
            }
            roll -= weight;
        }
        unreachable!("the roll is below the total")
    }
}
