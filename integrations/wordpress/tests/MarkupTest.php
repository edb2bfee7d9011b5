<?php
/**
 * The elements' tags from block, shortcode and filter attributes.
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class MarkupTest extends TestCase {

	public function test_writes_the_search_box_with_its_fallback_form_inside(): void {
		$html = Trove_Markup::element( 'trove-search-box', array( 'results-url' => 'https://blog.example/', 'query-param' => 's', 'placeholder' => 'Search…' ), '<form></form>' );
		$this->assertSame( '<trove-search-box placeholder="Search…" results-url="https://blog.example/" query-param="s"><form></form></trove-search-box>', $html );
	}

	public function test_escapes_every_attribute_and_leaves_out_unknown_ones(): void {
		$html = Trove_Markup::element( 'trove-related-posts', array( 'heading' => '"><script>x</script>', 'onclick' => 'evil()' ) );
		$this->assertSame( '<trove-related-posts heading="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"></trove-related-posts>', $html );
	}

	public function test_maps_block_and_shortcode_names_to_the_elements_attributes(): void {
		$this->assertSame(
			array( 'sort-options' => 'date desc:Newest', 'limit' => 5 ),
			Trove_Markup::attributes( 'trove-search-results', array( 'sortOptions' => 'date desc:Newest', 'limit' => '5' ) )
		);
		$this->assertSame(
			array( 'results-url' => '/find', 'min-chars' => 2 ),
			Trove_Markup::attributes( 'trove-search-box', array( 'results_url' => '/find', 'min_chars' => '2' ) )
		);
	}

	public function test_takes_a_bare_shortcode_word_as_a_boolean_and_refuses_a_bad_layout_or_limit(): void {
		$attrs = Trove_Markup::attributes( 'trove-related-posts', array( 0 => 'eager', 'layout' => 'carousel', 'limit' => '-3' ) );
		$this->assertSame( array( 'eager' => true ), $attrs );
		$this->assertSame( '<trove-related-posts eager></trove-related-posts>', Trove_Markup::element( 'trove-related-posts', $attrs ) );
	}
}
