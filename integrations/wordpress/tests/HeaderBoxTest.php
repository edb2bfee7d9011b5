<?php
/**
 * Where the box goes in a block theme's header without search: after its navigation.
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class HeaderBoxTest extends TestCase {

	public function test_goes_right_after_the_navigation_block_twenty_twenty_three_has_in_its_header(): void {
		$header = '<header class="wp-block-template-part"><div class="wp-block-group"><p class="wp-block-site-title">Blog</p><nav class="is-responsive wp-block-navigation"><ul><li>About</li></ul></nav></div></header>';
		$this->assertSame(
			'<header class="wp-block-template-part"><div class="wp-block-group"><p class="wp-block-site-title">Blog</p><nav class="is-responsive wp-block-navigation"><ul><li>About</li></ul></nav>BOX</div></header>',
			Trove_Frontend::insert_after_navigation( $header, 'BOX' )
		);
	}

	public function test_skips_a_nav_nested_in_the_navigation(): void {
		$header = '<header><nav class="wp-block-navigation"><nav class="sub"></nav><a>x</a></nav><p>after</p></header>';
		$this->assertSame( '<header><nav class="wp-block-navigation"><nav class="sub"></nav><a>x</a></nav>BOX<p>after</p></header>', Trove_Frontend::insert_after_navigation( $header, 'BOX' ) );
	}

	public function test_goes_at_the_end_of_a_header_without_navigation(): void {
		$this->assertSame( '<header><p>Blog</p>BOX</header>', Trove_Frontend::insert_after_navigation( '<header><p>Blog</p></header>', 'BOX' ) );
	}
}
