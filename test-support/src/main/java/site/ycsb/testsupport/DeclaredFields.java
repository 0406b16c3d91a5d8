package site.ycsb.testsupport;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * For the tests of a JSON format whose field names are declared as constants (core's {@code SummaryFields}): the
 * names a class declares, and the fields an object was written with, to compare the two.
 */
public final class DeclaredFields {
  private DeclaredFields() {
  }

  /**
   * The values of {@code c}'s public static String constants, less {@code values} (constants that are a field's
   * values, not names); an {@link AssertionError} when none is left.
   */
  public static Set<String> declared(Class<?> c, String... values) {
    Set<String> names = new TreeSet<>();
    for (Field f : c.getDeclaredFields()) {
      int mod = f.getModifiers();
      if (Modifier.isPublic(mod) && Modifier.isStatic(mod) && f.getType() == String.class) {
        try {
          names.add((String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(c.getName() + "." + f.getName(), e);
        }
      }
    }
    names.removeAll(Arrays.asList(values));
    if (names.isEmpty()) {
      throw new AssertionError(c.getName() + " declares no field name");
    }
    return names;
  }

  /** The field names of {@code object}; an {@link AssertionError} when it is not an object. */
  public static Set<String> keys(JsonNode object) {
    if (!object.isObject()) {
      throw new AssertionError("not an object: " + object);
    }
    Set<String> out = new TreeSet<>();
    object.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
