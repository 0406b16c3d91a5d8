package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ConstantIntegerGeneratorTest {

  @Test
  void should_return_the_constant_when_drawing() {
    ConstantIntegerGenerator gen = new ConstantIntegerGenerator(100);
    assertEquals(100, gen.lastValue().intValue());
    for (int i = 0; i < 10; i++) {
      assertEquals(100, gen.nextValue().intValue());
    }
    assertEquals(100, gen.lastValue().intValue());
    assertEquals(100.0, gen.mean());
    assertEquals("100", gen.nextString());
  }
}
