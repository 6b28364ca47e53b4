#include "server/rating/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ringside::rating {
namespace {

// Glicko-2 works on its own scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.
constexpr double scale = 173.7178;
constexpr double centre = 1500.0;
constexpr double convergence = 0.000001;  // the paper's epsilon

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected_score(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

}  // namespace

double glicko2::new_volatility(double phi, double sigma, double v, double delta) const {
  const double tau = s_.tau;
  const double a = std::log(sigma * sigma);
  const double phi2 = phi * phi;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta * delta - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b = 0.0;
  if (delta * delta > phi2 + v) {
    big_b = std::log(delta * delta - phi2 - v);
  } else {
    double k = 1.0;
    while (f(a - k * tau) < 0.0) k += 1.0;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  // Each round at least halves the bracket; a bound keeps a NaN from looping for ever.
  for (int round = 0; round < 200 && std::abs(big_b - big_a) > convergence; ++round) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0.0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

glicko2_rating glicko2::bounded(glicko2_rating r) const {
  r.deviation = std::clamp(r.deviation, s_.min_deviation, s_.max_deviation);
  r.volatility = std::min(r.volatility, s_.max_volatility);
  return r;
}

double glicko2::periods_between(std::int64_t elapsed_ms) const {
  if (elapsed_ms <= 0) return 0.0;
  return static_cast<double>(elapsed_ms) / 86'400'000.0 * s_.periods_per_day;
}

double glicko2::idle_deviation(const glicko2_rating& player, double periods) const {
  const double phi = player.deviation / scale;
  const double grown = std::sqrt(phi * phi + std::max(periods, 0.0) * player.volatility *
                                                 player.volatility) *
                       scale;
  return std::clamp(grown, s_.min_deviation, s_.max_deviation);
}

glicko2_rating glicko2::rate(const glicko2_rating& player, std::span<const glicko2_game> games,
                             double periods) const {
  periods = std::max(periods, 0.0);
  if (games.empty()) {
    glicko2_rating idle = player;
    idle.deviation = idle_deviation(player, periods);
    return bounded(idle);
  }
  const double mu = (player.rating - centre) / scale;
  const double phi = player.deviation / scale;
  const double sigma = player.volatility;

  double v_inverse = 0.0;
  double improvement = 0.0;  // sum of g(phi_j) (s_j - E)
  for (const auto& game : games) {
    const double mu_j = (game.opponent.rating - centre) / scale;
    const double phi_j = game.opponent.deviation / scale;
    const double e = expected_score(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
    improvement += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * improvement;
  const double sigma_new = new_volatility(phi, sigma, v, delta);
  const double phi_star = std::sqrt(phi * phi + periods * sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * improvement;
  return bounded({mu_new * scale + centre, phi_new * scale, sigma_new});
}

}  // namespace ringside::rating
