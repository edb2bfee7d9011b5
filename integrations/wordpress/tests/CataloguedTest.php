<?php
/**
 * The elements' default texts: the site's translation, or none (the element's own, in the page's language).
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class CataloguedTest extends TestCase {

	public function test_a_translated_text_is_given_to_the_element(): void {
		$this->assertSame( 'Suche …', Trove_Frontend::catalogued( 'Suche …', 'Search…' ) );
	}

	public function test_an_untranslated_text_is_left_out_so_that_no_english_is_forced_on_another_language(): void {
		$this->assertSame( '', Trove_Frontend::catalogued( __( 'Search…', 'trove-search' ), 'Search…' ) );
	}
}
