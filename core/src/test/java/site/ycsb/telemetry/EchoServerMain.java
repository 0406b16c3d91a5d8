package site.ycsb.telemetry;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * A stand-in database server for tests, run as its own process: listens on ADDRESS (port chosen by the system,
 * written to PORTFILE), and answers every byte with a byte after spending {@code cpuMicros} of CPU, so that a client
 * talking to it makes it use CPU. Ends when its standard input closes (the test that started it is gone).
 */
public final class EchoServerMain {
  private EchoServerMain() {
  }

  public static void main(String[] args) throws Exception {
    String address = args[0];
    long cpuNanos = Long.parseLong(args[2]) * 1000;
    ServerSocket server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
    Files.write(Paths.get(args[1] + ".tmp"), Integer.toString(server.getLocalPort()).getBytes(StandardCharsets.UTF_8));
    Files.move(Paths.get(args[1] + ".tmp"), Paths.get(args[1]));
    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          // until the parent closes the pipe
        }
      } catch (java.io.IOException e) {
        // parent gone
      }
      System.exit(0);
    });
    watchdog.setDaemon(true);
    watchdog.start();
    while (true) {
      Socket s = server.accept();
      Thread t = new Thread(() -> serve(s, cpuNanos));
      t.setDaemon(true);
      t.start();
    }
  }

  private static void serve(Socket s, long cpuNanos) {
    try (Socket socket = s; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
      int b;
      while ((b = in.read()) >= 0) {
        long end = System.nanoTime() + cpuNanos;
        long x = 0;
        while (System.nanoTime() < end) {
          x += b;
        }
        out.write((int) (x & 0x7f));
        out.flush();
      }
    } catch (java.io.IOException e) {
      // client gone
    }
  }
}
