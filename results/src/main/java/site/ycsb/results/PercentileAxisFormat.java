package site.ycsb.results;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;

/** Labels an axis of 1/(1-p) values with the percentile p: 10 -> "90%", 1000 -> "99.9%". */
final class PercentileAxisFormat extends NumberFormat {
  private static final long serialVersionUID = 1L;

  static double toAxis(double percentile) {
    return 1.0 / (1.0 - percentile / 100.0);
  }

  static String label(double axisValue) {
    double p = 100.0 * (1.0 - 1.0 / axisValue);
    if (p <= 0) {
      return "0%";
    }
    return new BigDecimal(p).round(new MathContext(7)).stripTrailingZeros().toPlainString() + "%";
  }

  @Override
  public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
    return toAppendTo.append(label(number));
  }

  @Override
  public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
    return toAppendTo.append(label(number));
  }

  @Override
  public Number parse(String source, ParsePosition parsePosition) {
    throw new UnsupportedOperationException("display only");
  }
}
