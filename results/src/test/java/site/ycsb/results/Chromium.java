package site.ycsb.results;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real headless Chromium (Debian package "chromium") on a local file; shared with other modules' tests. */
public final class Chromium {
  private static final long TIMEOUT_SEC = 90;

  private final String executable;

  private Chromium(String executable) {
    this.executable = executable;
  }

  /** The browser on PATH, or null when none is installed. */
  public static Chromium find() {
    String path = System.getenv("PATH");
    for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
      for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
        File f = new File(dir, name);
        if (f.isFile() && f.canExecute()) {
          return new Chromium(f.getAbsolutePath());
        }
      }
    }
    return null;
  }

  /** The DOM after the page (and its images) loaded and its scripts ran. */
  public String dumpDom(Path html, Path work) throws IOException, InterruptedException {
    return run(html, work, "--dump-dom");
  }

  /** Reports each image's decoded size into the DOM, so the dumped DOM shows whether the browser drew it. */
  public static final String IMAGE_PROBE = "<script>window.addEventListener('load', function () {"
      + " var lines = []; document.querySelectorAll('img').forEach(function (i) {"
      + " lines.push(i.getAttribute('src') + ' ' + i.naturalWidth + 'x' + i.naturalHeight); });"
      + " var pre = document.createElement('pre'); pre.id = 'image-probe'; pre.textContent = lines.join('\\n');"
      + " document.body.appendChild(pre); });</script>";

  /**
   * The DOM of the page with {@link #IMAGE_PROBE} added (as probe.html beside it): element {@code image-probe} lists
   * "src WIDTHxHEIGHT" for every image as the browser decoded it (0x0 when not drawn).
   */
  public String dumpDomWithImageProbe(Path html, Path work) throws IOException, InterruptedException {
    Path probe = html.resolveSibling("probe.html");
    String page = new String(Files.readAllBytes(html), StandardCharsets.UTF_8);
    Files.write(probe, page.replace("</body>", IMAGE_PROBE + "</body>").getBytes(StandardCharsets.UTF_8));
    return dumpDom(probe, work);
  }

  /**
   * The DOM after {@code script} (a {@code <script>} element added before {@code </body>}, as probe.html beside the
   * page) ran, in a window of {@code width} x {@code height} pixels.
   */
  public String dumpDomWithScript(Path html, Path work, String script, int width, int height)
      throws IOException, InterruptedException {
    Path probe = html.resolveSibling("probe.html");
    String page = new String(Files.readAllBytes(html), StandardCharsets.UTF_8);
    Files.write(probe, page.replace("</body>", script + "</body>").getBytes(StandardCharsets.UTF_8));
    return run(probe, work, "--dump-dom", "--window-size=" + width + "," + height);
  }

  /** A screenshot of the page in a window of the given size. */
  void screenshot(Path html, Path png, Path work, int width, int height) throws IOException, InterruptedException {
    run(html, work, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
        "--hide-scrollbars");
  }

  void screenshot(Path html, Path png, Path work) throws IOException, InterruptedException {
    run(html, work, "--screenshot=" + png.toAbsolutePath(), "--window-size=1200,2600", "--hide-scrollbars");
  }

  private String run(Path html, Path work, String... extra) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(Arrays.asList(executable, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-background-networking", "--disable-component-update", "--no-first-run",
        "--disable-dev-shm-usage", "--virtual-time-budget=10000",
        "--user-data-dir=" + Files.createTempDirectory(work, "chromium-profile").toAbsolutePath()));
    cmd.addAll(Arrays.asList(extra));
    cmd.add(html.toAbsolutePath().toUri().toString());
    Path stdout = Files.createTempFile(work, "chromium", ".out");
    Path stderr = Files.createTempFile(work, "chromium", ".err");
    Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    if (!p.waitFor(TIMEOUT_SEC, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("chromium did not finish within " + TIMEOUT_SEC + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException("chromium exited " + p.exitValue() + ": "
          + new String(Files.readAllBytes(stderr), StandardCharsets.UTF_8));
    }
    return new String(Files.readAllBytes(stdout), StandardCharsets.UTF_8);
  }
}
