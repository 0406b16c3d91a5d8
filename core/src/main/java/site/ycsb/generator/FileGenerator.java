package site.ycsb.generator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Returns the lines of a text file one by one (null after the last line), e.g. to replay a key trace.
 *
 * <p>Thread-safe: reading the next line is synchronized.
 */
public class FileGenerator extends Generator<String> {
  private final String filename;
  private volatile String current;
  private BufferedReader reader;

  /** @throws UncheckedIOException when the file can't be opened */
  public FileGenerator(String filename) {
    this.filename = filename;
    reloadFile();
  }

  /** The next line, or null at the end of the file. */
  @Override
  public synchronized String nextValue() {
    try {
      current = reader.readLine();
      return current;
    } catch (IOException e) {
      throw new UncheckedIOException("FileGenerator: cannot read " + filename + ": " + e.getMessage(), e);
    }
  }

  /** The line returned by the last {@link #nextValue()} (null before the first). */
  @Override
  public String lastValue() {
    return current;
  }

  /** Starts again from the first line. */
  public synchronized void reloadFile() {
    try {
      if (reader != null) {
        reader.close();
      }
      reader = Files.newBufferedReader(Paths.get(filename), StandardCharsets.UTF_8);
      current = null;
    } catch (IOException e) {
      throw new UncheckedIOException("FileGenerator: cannot open " + filename + ": " + e.getMessage(), e);
    }
  }
}
