package site.ycsb.results;

import java.util.List;

/**
 * Renders the report as one HTML page read top to bottom ({@link PageOrder}); charts are referenced as SVG files next
 * to it (PNG linked).
 */
final class HtmlWriter {
  private static final String STYLE = "body{font-family:sans-serif;margin:2em;color:#222;max-width:1100px}"
      + "table{border-collapse:collapse;margin:0 0 1.5em 0;font-size:14px}"
      + "th,td{border:1px solid #bbb;padding:3px 8px}th{background:#eee}td.num{text-align:right}"
      + "figure{margin:0 0 1em 0}figure img{max-width:100%;border:1px solid #ddd}"
      + "figure.timeline img{max-height:90vh}li.warning{color:#a40000}p.none{color:#2a6a2a}";

  private HtmlWriter() {
  }

  static String render(String title, List<Table> tables, List<String> warnings, List<NamedChart> charts) {
    StringBuilder out = new StringBuilder();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(escape(title)).append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n<h1>")
        .append(escape(title)).append("</h1>\n");
    Table runs = PageOrder.whatRan(tables);
    if (runs != null) {
      table(out, runs, "What ran: " + runs.title);
    }
    out.append("<h2 id=\"verdict\">Verdict and warnings</h2>\n");
    if (warnings.isEmpty()) {
      out.append("<p class=\"none\">No warnings: the runs completed, and no client, machine or merge doubt was"
          + " recorded.</p>\n");
    } else {
      out.append("<ul id=\"warnings\">\n");
      for (String w : warnings) {
        out.append("<li class=\"warning\">").append(escape(w)).append("</li>\n");
      }
      out.append("</ul>\n");
    }
    List<NamedChart> timeline = PageOrder.timeline(charts);
    if (!timeline.isEmpty()) {
      out.append("<h2 id=\"timeline\">Timeline</h2>\n");
      for (NamedChart c : timeline) {
        figure(out, c, "timeline");
        Table events = PageOrder.eventsOf(c, tables);
        if (events != null) {
          table(out, events, events.title);
        }
      }
    }
    for (Table t : PageOrder.otherTables(tables)) {
      table(out, t, t.title);
    }
    List<NamedChart> others = PageOrder.otherCharts(charts);
    if (!others.isEmpty()) {
      out.append("<h2>Charts</h2>\n");
      for (NamedChart c : others) {
        figure(out, c, "chart");
      }
    }
    return out.append("</body>\n</html>\n").toString();
  }

  private static void figure(StringBuilder out, NamedChart c, String kind) {
    out.append("<figure class=\"").append(kind).append("\" id=\"chart-").append(escape(c.id))
        .append("\"><img src=\"").append(escape(c.svg())).append("\" width=\"").append(c.width)
        .append("\" alt=\"").append(escape(c.title)).append("\"><figcaption>").append(escape(c.title))
        .append(" (<a href=\"").append(escape(c.png())).append("\">PNG</a>)</figcaption></figure>\n");
  }

  private static void table(StringBuilder out, Table t, String heading) {
    out.append("<h2>").append(escape(heading)).append("</h2>\n");
    if (t.rows.isEmpty()) {
      out.append("<p>(no data)</p>\n");
      return;
    }
    out.append("<table id=\"").append(escape(t.id)).append("\">\n<thead><tr>");
    for (String h : t.header) {
      out.append("<th>").append(escape(h)).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    boolean[] numeric = new boolean[t.header.size()];
    for (int c = 0; c < numeric.length; c++) {
      numeric[c] = Cells.numericColumn(t, c);
    }
    for (List<String> row : t.rows) {
      out.append("<tr>");
      for (int c = 0; c < row.size(); c++) {
        out.append(numeric[c] ? "<td class=\"num\">" : "<td>").append(row.get(c).isEmpty() ? "-" : escape(row.get(c)))
            .append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
