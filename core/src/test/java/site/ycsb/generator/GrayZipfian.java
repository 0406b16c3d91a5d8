package site.ycsb.generator;

/**
 * The exact output distribution of Gray et al.'s Zipfian generator, derived independently of the code under test
 * by inverting its formula: offset 0 when {@code u*zetan < 1}, offset 1 when {@code u*zetan < 1 + 0.5^theta},
 * otherwise {@code floor(n * (eta*u - eta + 1)^(1/(1-theta)))}.
 */
final class GrayZipfian {
  final long n;
  final double theta;
  final double zetan;
  final double eta;
  private final double zeta2;

  GrayZipfian(long n, double theta) {
    this(n, theta, bruteZeta(n, theta));
  }

  GrayZipfian(long n, double theta, double zetan) {
    this.n = n;
    this.theta = theta;
    this.zetan = zetan;
    this.zeta2 = 1.0 + Math.pow(0.5, theta);
    this.eta = (1.0 - Math.pow(2.0 / n, 1.0 - theta)) / (1.0 - zeta2 / zetan);
  }

  /** sum 1/i^theta for i = 1..n, plainly. */
  static double bruteZeta(long n, double theta) {
    double z = 0;
    for (long i = 1; i <= n; i++) {
      z += 1.0 / Math.pow(i, theta);
    }
    return z;
  }

  /** The smallest u in [0,1) that yields an offset >= k, for k >= 2. */
  private double uAtLeast(long k) {
    if (k >= n) {
      return 1.0;
    }
    double u = 1.0 - (1.0 - Math.pow((double) k / n, 1.0 - theta)) / eta;
    return Math.min(1.0, Math.max(zeta2 / zetan, u));
  }

  /** Probability of offset k. */
  double probability(long k) {
    if (k == 0) {
      return Math.min(1.0, 1.0 / zetan);
    }
    if (k == 1) {
      return Math.max(0.0, Math.min(1.0, zeta2 / zetan) - Math.min(1.0, 1.0 / zetan));
    }
    return uAtLeast(k + 1) - uAtLeast(k);
  }

  /** Probability that the offset is >= k (k >= 2). */
  double tail(long k) {
    return 1.0 - uAtLeast(k);
  }

  double[] probabilities() {
    double[] p = new double[(int) n];
    for (int k = 0; k < n; k++) {
      p[k] = probability(k);
    }
    return p;
  }
}
