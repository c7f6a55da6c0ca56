#pragma once

#include <random>
#include <vector>

namespace tabref::vision::sim {

// The one random engine of the simulator: everything random derives from a seed through it.
using Rng = std::mt19937_64;

inline double Uniform(double low, double high, Rng& rng) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

inline bool Chance(double probability, Rng& rng) { return Uniform(0, 1, rng) < probability; }

template <typename T>
const T& Pick(const std::vector<T>& items, Rng& rng) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

}  // namespace tabref::vision::sim
