package site.ycsb.results;

import java.util.List;

/** Renders the report as GitHub-flavoured Markdown. */
final class MarkdownWriter {
  private MarkdownWriter() {
  }

  static String render(String title, List<Table> tables, List<String> warnings, List<NamedChart> charts) {
    StringBuilder out = new StringBuilder("# ").append(title).append("\n\n");
    Table runs = PageOrder.whatRan(tables);
    if (runs != null) {
      out.append(table(runs)).append('\n');
    }
    out.append("## Verdict and warnings\n\n");
    if (warnings.isEmpty()) {
      out.append("No warnings.\n");
    }
    for (String w : warnings) {
      out.append("- ").append(escape(w)).append('\n');
    }
    out.append('\n');
    List<NamedChart> timeline = PageOrder.timeline(charts);
    if (!timeline.isEmpty()) {
      out.append("## Timeline\n\n");
      for (NamedChart c : timeline) {
        out.append("![").append(escape(c.title)).append("](").append(c.png()).append(")\n\n");
        Table events = PageOrder.eventsOf(c, tables);
        if (events != null) {
          out.append(table(events)).append('\n');
        }
      }
    }
    for (Table t : PageOrder.otherTables(tables)) {
      out.append(table(t)).append('\n');
    }
    List<NamedChart> others = PageOrder.otherCharts(charts);
    if (!others.isEmpty()) {
      out.append("## Charts\n\n");
      for (NamedChart c : others) {
        out.append("![").append(escape(c.title)).append("](").append(c.png()).append(")\n\n");
      }
    }
    return out.toString();
  }

  static String table(Table t) {
    StringBuilder out = new StringBuilder("## ").append(t.title).append("\n\n");
    if (t.rows.isEmpty()) {
      return out.append("(no data)\n").toString();
    }
    out.append('|');
    for (String h : t.header) {
      out.append(' ').append(escape(h)).append(" |");
    }
    out.append("\n|");
    for (int c = 0; c < t.header.size(); c++) {
      out.append(Cells.numericColumn(t, c) ? "---:|" : "---|");
    }
    out.append('\n');
    for (List<String> row : t.rows) {
      out.append('|');
      for (String cell : row) {
        out.append(' ').append(cell.isEmpty() ? "-" : escape(cell)).append(" |");
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static String escape(String s) {
    return s.replace("|", "\\|");
  }
}
