package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The HTML report's template and element writer: every value escaped, every slot filled, parts kept or left out. */
class TemplateTest {
    private static final Template PAGE = Template.resource("template-test.html");

    @Test
    void textsAndAttributeValuesAreEscapedAndMarkupIsNot() {
        Markup items = new Markup().element("li", "<test & co> ≥ 5", "class", "a\"b", "title", null).newline()
                .empty("rect", "x", 1.25, "y", 20, "fill", "#c00000");
        String page = PAGE.fill().text("title", "db1/<md0>").when("note", true).text("note", "it's ±1").markup("items", items).render();
        assertThat(page).isEqualTo("<h1>db1/&lt;md0&gt;</h1>\n<p class=\"note\">it&#39;s &plusmn;1</p>\n<ul>\n"
                + "<li class=\"a&quot;b\">&lt;test &amp; co&gt; &ge; 5</li>\n<rect x=\"1.3\" y=\"20\" fill=\"#c00000\"/></ul>\n");
    }

    @Test
    void aPartIsLeftOutWithItsSlots() {
        assertThat(PAGE.fill().text("title", "t").when("note", false).markup("items", new Markup()).render())
                .isEqualTo("<h1>t</h1>\n<ul>\n</ul>\n");
    }

    @Test
    void aSlotOrPartTheFillingGetsWrongIsABug() {
        assertThatThrownBy(() -> PAGE.fill().text("title", "t").when("note", true).markup("items", new Markup()).render())
                .isInstanceOf(IllegalStateException.class).hasMessage("template-test.html: slot {{note}} not filled");
        assertThatThrownBy(() -> PAGE.fill().text("title", "t").markup("items", new Markup()).render())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("{{?note}} was neither shown nor left out");
        assertThatThrownBy(() -> PAGE.fill().text("titel", "t")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("template-test.html has no slot {{titel}}");
        assertThatThrownBy(() -> PAGE.fill().when("title", true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Markup().empty("line", "x1")).isInstanceOf(IllegalArgumentException.class);
    }
}
