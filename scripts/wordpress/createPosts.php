<?php
/*
 * Fills a fresh WordPress (Debian's package) with a blog as bloggers have one: 150 posts over six
 * years (2019–2024) on six topics, with categories, tags, featured images (made with GD), a few
 * pages (About), pretty permalinks and the default theme. Run by scripts/recordWordPress.sh with
 * `php createPosts.php <site url>`; never by the tests.
 */
$site = $argv[1];
$parts = parse_url($site);
$_SERVER['HTTP_HOST'] = $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require_once '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';

wp_install('Field Notes', 'admin', 'admin@blog.test', true, '', 'admin-password-for-a-local-test');
update_option('siteurl', $site);
update_option('home', $site);
update_option('permalink_structure', '/%year%/%monthnum%/%day%/%postname%/');
update_option('blogdescription', 'A blog on six things');
update_option('timezone_string', 'UTC');
wp_delete_post(1, true); // "Hello world!"
wp_delete_post(2, true); // the sample page
wp_delete_post(3, true); // the privacy policy draft

$author = wp_insert_user([
  'user_login' => 'mara', 'user_pass' => 'local-test-only', 'display_name' => 'Mara Lind',
  'user_email' => 'mara@blog.test', 'role' => 'author',
]);

$topics = [
  'Baking' => ['words' => ['sourdough', 'starter', 'crumb', 'levain', 'hydration', 'proofing', 'crust', 'flour', 'oven', 'dough'],
    'tags' => ['sourdough', 'bread', 'fermentation'], 'colour' => [200, 140, 60]],
  'Cycling' => ['words' => ['gravel', 'cadence', 'derailleur', 'saddle', 'climb', 'tyres', 'chainring', 'descent', 'pannier', 'headwind'],
    'tags' => ['bikepacking', 'gravel', 'maintenance'], 'colour' => [40, 120, 200]],
  'Astronomy' => ['words' => ['telescope', 'nebula', 'eyepiece', 'galaxy', 'aperture', 'meteor', 'eclipse', 'constellation', 'planet', 'orbit'],
    'tags' => ['stargazing', 'telescopes', 'night-sky'], 'colour' => [20, 20, 80]],
  'Gardening' => ['words' => ['compost', 'seedlings', 'tomatoes', 'mulch', 'pruning', 'raised-bed', 'soil', 'perennials', 'watering', 'harvest'],
    'tags' => ['vegetables', 'compost', 'allotment'], 'colour' => [60, 160, 60]],
  'Photography' => ['words' => ['shutter', 'exposure', 'lens', 'aperture-priority', 'film', 'grain', 'portrait', 'tripod', 'bokeh', 'darkroom'],
    'tags' => ['film', 'lenses', 'street'], 'colour' => [120, 120, 120]],
  'Programming' => ['words' => ['compiler', 'borrow-checker', 'lifetimes', 'closures', 'traits', 'macros', 'cargo', 'ownership', 'async', 'generics'],
    'tags' => ['rust', 'tooling', 'performance'], 'colour' => [180, 60, 40]],
];
$categoryIds = [];
foreach (array_keys($topics) as $name) $categoryIds[$name] = wp_insert_term($name, 'category')['term_id'];

$syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'pe', 'su', 'gra', 'tho'];
$uploads = wp_upload_dir();
$names = array_keys($topics);
$start = strtotime('2019-01-07 09:00:00 UTC');
$span = strtotime('2024-12-20 09:00:00 UTC') - $start;
mt_srand(31);
for ($i = 0; $i < 150; $i++) {
  $topic = $names[$i % 6];
  $t = $topics[$topic];
  $w = $t['words'];
  shuffle($w);
  // A word of the post's own, in its last paragraph: how the tests find each post.
  $own = $syllables[$i % 12] . $syllables[intdiv($i, 12) % 12] . $syllables[($i * 7) % 12] . 'x' . $i;
  $title = ucfirst($w[0]) . ' & ' . $w[1] . ': notes on ' . strtolower($topic) . ' #' . ($i + 1);
  $paragraphs = [];
  for ($p = 0; $p < 5; $p++) {
    $paragraphs[] = '<!-- wp:paragraph --><p>This time the ' . $w[$p] . ' mattered more than the ' . $w[$p + 1] . '. I kept notes on the '
      . $w[($p + 2) % 10] . ' and the ' . $w[($p + 3) % 10] . ', and on how the <em>' . $w[($p + 4) % 10] . '</em> changed over the week.</p><!-- /wp:paragraph -->';
  }
  if ($i % 5 === 0) $paragraphs[] = '<!-- wp:heading --><h2>What I would change</h2><!-- /wp:heading --><!-- wp:list --><ul><li>More ' . $w[6] . '</li><li>Less ' . $w[7] . '</li></ul><!-- /wp:list -->';
  $paragraphs[] = '<!-- wp:paragraph --><p>Field word of this post: ' . $own . '. Thanks for reading.</p><!-- /wp:paragraph -->';
  $date = gmdate('Y-m-d H:i:s', $start + intdiv($span * $i, 149));
  $post = wp_insert_post([
    'post_title' => $title, 'post_content' => implode("\n\n", $paragraphs), 'post_status' => 'publish',
    'post_date' => $date, 'post_date_gmt' => $date, 'post_author' => $i % 3 === 0 ? 1 : $author,
    'post_category' => [$categoryIds[$topic]],
    'tags_input' => array_slice($t['tags'], 0, 1 + $i % 3),
  ], true);
  if (is_wp_error($post)) { fwrite(STDERR, $post->get_error_message() . "\n"); exit(1); }
  if ($i % 2 === 0) {
    // A featured image on every other post.
    $image = imagecreatetruecolor(320, 180);
    [$r, $g, $b] = $t['colour'];
    imagefill($image, 0, 0, imagecolorallocate($image, $r, $g, ($b + $i) % 256));
    $file = $uploads['path'] . "/cover-$i.jpg";
    imagejpeg($image, $file, 70);
    $attachment = wp_insert_attachment(['post_mime_type' => 'image/jpeg', 'post_title' => "Cover $i", 'post_status' => 'inherit'], $file, $post);
    wp_update_attachment_metadata($attachment, wp_generate_attachment_metadata($attachment, $file));
    set_post_thumbnail($post, $attachment);
  }
}
// Pages that are not posts, and a draft that must never be indexed.
wp_insert_post(['post_type' => 'page', 'post_title' => 'About', 'post_status' => 'publish',
  'post_content' => '<!-- wp:paragraph --><p>I write about six things I do on weekends.</p><!-- /wp:paragraph -->']);
wp_insert_post(['post_title' => 'An unfinished draft', 'post_status' => 'draft', 'post_content' => 'draftonlyword']);
flush_rewrite_rules(false);
echo "created\n";
