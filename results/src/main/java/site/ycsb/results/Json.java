package site.ycsb.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The one JSON mapper of this module (reads summary.json, writes it pretty-printed). */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(JsonParser.Feature.ALLOW_COMMENTS);

  private Json() {
  }

  static JsonNode read(Path file) throws IOException {
    return MAPPER.readTree(file.toFile());
  }

  static void write(Path file, ObjectNode node) throws IOException {
    Files.write(file, (MAPPER.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }
}
