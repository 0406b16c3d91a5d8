package site.ycsb.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A titled table of already formatted cells; an empty cell means "no figure". */
final class Table {
  final String id;
  final String title;
  final List<String> header;
  final List<List<String>> rows = new ArrayList<>();
  /** Too long to read on a page (one row per interval): written as CSV only. */
  boolean csvOnly;

  Table(String id, String title, String... header) {
    this.id = id;
    this.title = title;
    this.header = Arrays.asList(header);
  }

  void add(List<String> row) {
    if (row.size() != header.size()) {
      throw new IllegalArgumentException("row has " + row.size() + " cells, header " + header.size());
    }
    rows.add(row);
  }
}
