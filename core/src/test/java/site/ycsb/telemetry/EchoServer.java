package site.ycsb.telemetry;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/** Starts {@link EchoServerMain} as a child process on a loopback address and stops it (AutoCloseable). */
public final class EchoServer implements AutoCloseable {
  public final String address;
  public final int port;
  public final Process process;

  private EchoServer(String address, int port, Process process) {
    this.address = address;
    this.port = port;
    this.process = process;
  }

  public static EchoServer start(String address, long cpuMicrosPerRequest) throws IOException, InterruptedException {
    File portFile = File.createTempFile("echo-port", "");
    portFile.delete();
    Process p = new ProcessBuilder(Arrays.asList(new File(System.getProperty("java.home"), "bin/java").getPath(),
        "-Xmx64m", "-cp", System.getProperty("java.class.path"), EchoServerMain.class.getName(), address,
        portFile.getPath(), Long.toString(cpuMicrosPerRequest))).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!portFile.exists()) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        p.destroyForcibly();
        throw new IOException("the echo server did not start");
      }
      Thread.sleep(20);
    }
    int port = Integer.parseInt(new String(Files.readAllBytes(portFile.toPath()), StandardCharsets.UTF_8).trim());
    portFile.delete();
    return new EchoServer(address, port, p);
  }

  public long pid() {
    try {
      // Process.pid() is Java 9+; the tests run on 17, but the module compiles for 8
      return (Long) Process.class.getMethod("pid").invoke(process);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
