package site.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A binding for tests that talks to a real server process over TCP ({@code echo.address}, {@code echo.port}; see
 * {@code site.ycsb.telemetry.EchoServerMain}): each operation sends one byte and waits for the answer.
 */
public class EchoDB extends site.ycsb.testsupport.OkDB {
  private Socket socket;
  private InputStream in;
  private OutputStream out;

  @Override
  public void init() throws DBException {
    try {
      socket = new Socket(getProperties().getProperty("echo.address"),
          Integer.parseInt(getProperties().getProperty("echo.port")));
      in = socket.getInputStream();
      out = socket.getOutputStream();
    } catch (IOException | RuntimeException e) {
      throw new DBException("cannot connect: " + e);
    }
  }

  @Override
  protected Status answer(String operation, String key) {
    return call();
  }

  private Status call() {
    try {
      out.write(1);
      out.flush();
      return in.read() >= 0 ? Status.OK : Status.ERROR;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      socket.close();
    } catch (IOException e) {
      throw new DBException(e);
    }
  }
}
