package site.ycsb.results;

import java.util.List;

/** Renders a table as RFC 4180 CSV (header line first; empty cell = no figure). */
final class CsvWriter {
  private CsvWriter() {
  }

  static String render(Table t) {
    StringBuilder out = new StringBuilder();
    line(out, t.header);
    for (List<String> row : t.rows) {
      line(out, row);
    }
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      String c = cells.get(i);
      if (c.contains(",") || c.contains("\"") || c.contains("\n")) {
        out.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        out.append(c);
      }
    }
    out.append("\r\n");
  }
}
