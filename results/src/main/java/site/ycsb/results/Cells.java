package site.ycsb.results;

/** Facts about table cells shared by the renderers. */
final class Cells {
  private Cells() {
  }

  /** True when every non-empty cell of the column is a number (such columns are right-aligned). */
  static boolean numericColumn(Table t, int column) {
    boolean any = false;
    for (java.util.List<String> row : t.rows) {
      String cell = row.get(column);
      if (cell.isEmpty()) {
        continue;
      }
      try {
        Double.parseDouble(cell);
        any = true;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return any;
  }
}
