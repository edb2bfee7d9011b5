/**
 * The editor side of the Trove Search blocks: plain JavaScript on WordPress's globals (no build
 * step). Each block shows a labelled placeholder in the editor and its settings in the sidebar;
 * the page itself is rendered by PHP (includes/class-trove-blocks.php).
 */
( function ( wp ) {
	if ( ! wp || ! wp.blocks || ! wp.element ) {
		return;
	}
	var el = wp.element.createElement;
	var __ = wp.i18n.__;
	var blockEditor = wp.blockEditor;
	var components = wp.components;

	function text( label, value, onChange, help ) {
		return el( components.TextControl, { label: label, value: value || '', onChange: onChange, help: help } );
	}

	function number( label, value, onChange ) {
		return el( components.TextControl, {
			label: label,
			type: 'number',
			min: 1,
			value: value === undefined || value === null ? '' : String( value ),
			onChange: function ( next ) {
				var parsed = parseInt( next, 10 );
				onChange( parsed > 0 ? parsed : undefined );
			},
		} );
	}

	function edit( title, description, controls ) {
		return function ( props ) {
			var set = function ( key ) {
				return function ( value ) {
					var next = {};
					next[ key ] = value;
					props.setAttributes( next );
				};
			};
			return el(
				'div',
				blockEditor.useBlockProps ? blockEditor.useBlockProps() : {},
				el( blockEditor.InspectorControls, null, el( components.PanelBody, { title: __( 'Settings', 'trove-search' ) }, controls( props.attributes, set ) ) ),
				el( components.Placeholder, { icon: 'search', label: title, instructions: description } )
			);
		};
	}

	wp.blocks.registerBlockType( 'trove-search/search-box', {
		edit: edit( __( 'Trove search box', 'trove-search' ), __( 'A search box with suggestions; shown on the page as the reader sees it.', 'trove-search' ), function ( a, set ) {
			return [
				text( __( 'Placeholder', 'trove-search' ), a.placeholder, set( 'placeholder' ) ),
				text( __( 'Results page address', 'trove-search' ), a.resultsUrl, set( 'resultsUrl' ), __( 'Empty: the site’s search page.', 'trove-search' ) ),
				text( __( 'Keyboard shortcut', 'trove-search' ), a.shortcut, set( 'shortcut' ), __( 'For example: / mod+k', 'trove-search' ) ),
				number( __( 'Suggestions', 'trove-search' ), a.limit, set( 'limit' ) ),
			];
		} ),
		save: function () {
			return null;
		},
	} );

	wp.blocks.registerBlockType( 'trove-search/search-results', {
		edit: edit( __( 'Trove search results', 'trove-search' ), __( 'Results for the query in the page’s address (?s=…).', 'trove-search' ), function ( a, set ) {
			return [
				number( __( 'Results per page', 'trove-search' ), a.limit, set( 'limit' ) ),
				text( __( 'Sort options', 'trove-search' ), a.sortOptions, set( 'sortOptions' ), __( 'For example: date desc:Newest, date asc:Oldest', 'trove-search' ) ),
				text( __( 'Facets', 'trove-search' ), a.facets, set( 'facets' ), __( 'Any of: categories tags authors year', 'trove-search' ) ),
			];
		} ),
		save: function () {
			return null;
		},
	} );

	wp.blocks.registerBlockType( 'trove-search/related-posts', {
		edit: edit( __( 'Trove related posts', 'trove-search' ), __( 'Posts related to the one shown, found by its address.', 'trove-search' ), function ( a, set ) {
			return [
				text( __( 'Heading', 'trove-search' ), a.heading, set( 'heading' ) ),
				number( __( 'Number of posts', 'trove-search' ), a.limit, set( 'limit' ) ),
				el( components.SelectControl, {
					label: __( 'Layout', 'trove-search' ),
					value: a.layout || 'list',
					options: [
						{ label: __( 'List', 'trove-search' ), value: 'list' },
						{ label: __( 'Grid', 'trove-search' ), value: 'grid' },
					],
					onChange: set( 'layout' ),
				} ),
				el( components.ToggleControl, { label: __( 'Load at once (not when scrolled near)', 'trove-search' ), checked: !! a.eager, onChange: set( 'eager' ) } ),
			];
		} ),
		save: function () {
			return null;
		},
	} );
} )( window.wp );
