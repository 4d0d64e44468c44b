use super::style::{COLORS, UNKNOWN_COLOR, rgb};
use super::*;

const SUBS: [&str; 4] = ["t-shirt", "pull", "lunette", "chaine"];

fn px(img: &RgbaImage, x: u32, y: u32) -> Rgb {
    let p = img.get_pixel(x, y);
    rgb(p[0], p[1], p[2])
}

/// Share of pixels of the central region (middle `frac` of each side) within `tol` of `c`.
fn share_near(img: &RgbaImage, c: Rgb, frac: f32, tol: f32) -> f32 {
    let s = img.width();
    let lo = ((1.0 - frac) / 2.0 * s as f32) as u32;
    let hi = s - lo;
    let (mut near, mut all) = (0u32, 0u32);
    for y in lo..hi {
        for x in lo..hi {
            all += 1;
            if px(img, x, y).dist(c) <= tol {
                near += 1;
            }
        }
    }
    near as f32 / all as f32
}

#[test]
fn color_names_map_to_rgb() {
    assert_eq!(color_rgb("rouge"), [204, 42, 48]);
    assert_eq!(color_rgb(" Bleu  Marine "), color_rgb("bleu marine"));
    assert_eq!(color_rgb("bleu-marine"), color_rgb("bleu marine"));
    assert_eq!(color_rgb("Dore"), color_rgb("doré"));
    assert_ne!(color_rgb("doré"), UNKNOWN_COLOR);
    assert_ne!(color_rgb("bleu marine"), color_rgb("bleu"));
    assert_eq!(color_rgb("fuchsia"), UNKNOWN_COLOR);
    for (name, _) in COLORS {
        assert_ne!(color_rgb(name), UNKNOWN_COLOR, "{name}");
    }
}

#[test]
fn every_subcategory_shows_its_color_in_the_centre_on_a_distinct_background() {
    // Acetate frames (variants 2 and 3) for glasses; every chain style.
    let cases = [
        ("t-shirt", "rouge", 0, 0.25),
        ("t-shirt", "bleu", 1, 0.15),
        ("t-shirt", "jaune", 2, 0.15),
        ("t-shirt", "vert", 3, 0.2),
        ("pull", "vert", 0, 0.25),
        ("pull", "bordeaux", 1, 0.2),
        ("pull", "orange", 2, 0.2),
        ("pull", "violet", 3, 0.15),
        ("lunette", "rouge", 2, 0.02),
        ("lunette", "bleu", 3, 0.02),
        ("lunette", "orange", 0, 0.005),
        ("chaine", "doré", 0, 0.02),
        ("chaine", "doré", 1, 0.02),
        ("chaine", "argenté", 2, 0.02),
        ("chaine", "doré", 3, 0.01),
    ];
    for (sub, color, variant, min_share) in cases {
        let img = render_product(sub, color, variant, 300);
        assert_eq!((img.width(), img.height()), (300, 300), "{sub}");
        assert!(img.pixels().all(|p| p[3] == 255), "{sub}: not opaque");
        let c = Rgb::from(color_rgb(color));
        let share = share_near(&img, c, 0.6, 38.0);
        assert!(share >= min_share, "{sub}/{color}/{variant}: only {share} of the centre is {color}");
        // The opposite colour is not what was drawn.
        let other = Rgb::from(color_rgb(if color == "vert" { "rose" } else { "vert" }));
        assert!(share_near(&img, other, 0.6, 38.0) < 0.01, "{sub}/{color}: unexpected colour");
        // The background (corners) is opaque and clearly not the product colour.
        for (x, y) in [(2, 2), (297, 2), (2, 297), (297, 297)] {
            assert_eq!(img.get_pixel(x, y)[3], 255);
            assert!(px(&img, x, y).dist(c) > 40.0, "{sub}/{color}: background too close");
        }
    }
}

#[test]
fn white_and_black_garments_stay_visible() {
    for color in ["blanc", "noir", "beige"] {
        for sub in SUBS {
            for variant in 0..6 {
                let img = render_product(sub, color, variant, 200);
                let corner = px(&img, 1, 1);
                let c = Rgb::from(color_rgb(color));
                assert!(corner.dist(c) > 40.0, "{sub}/{color}/{variant}: background too close");
            }
        }
    }
}

#[test]
fn rendering_is_deterministic_and_variants_differ() {
    for sub in SUBS {
        let a = render_product(sub, "bleu", 1, 160);
        let b = render_product(sub, "bleu", 1, 160);
        assert_eq!(a, b, "{sub} not deterministic");
        let distinct: std::collections::HashSet<Vec<u8>> =
            (0..4).map(|v| render_product(sub, "bleu", v, 160).into_raw()).collect();
        assert_eq!(distinct.len(), 4, "{sub}: variants look identical");
        assert_ne!(a, render_product(sub, "rouge", 1, 160), "{sub}: colour ignored");
    }
}

#[test]
fn variant_for_follows_the_product_name() {
    let design = |sub: &str, name: &str, pos: u32| variant_for(sub, name, pos) % 4;
    assert_eq!(design("t-shirt", "T-shirt Corniche Rayé", 7), 1);
    assert_eq!(design("t-shirt", "T-shirt Wax Poche", 0), 3);
    assert_eq!(design("t-shirt", "T-shirt Yoff Surf Club", 1), 2);
    assert_eq!(design("pull", "Sweat à capuche Plateau", 0), 2);
    assert_eq!(design("pull", "Pull Ndiambour Maille Épaisse", 0), 3);
    assert_eq!(design("pull", "Pull Col Roulé Élégance", 2), 0);
    assert_eq!(design("lunette", "Lunettes Aviateur Almadies", 0), 1);
    assert_eq!(design("lunette", "Lunettes Cat-Eye Jongoma", 0), 3);
    assert_eq!(design("lunette", "Lunettes Rondes Médina", 3), 0);
    assert_eq!(design("lunette", "Lunettes Carrées Plateau", 0), 2);
    assert_eq!(design("chaine", "Chaîne Cubaine Dorée", 2), 0);
    assert_eq!(design("chaine", "Chaîne Torsadée Sabar", 0), 1);
    assert_eq!(design("chaine", "Chaîne Boules Minimaliste", 0), 3);
    // Pendant only when the name has one.
    let pendant = variant_for("chaine", "Chaîne Pendentif Cauri", 5);
    let plain = variant_for("chaine", "Chaîne Maille Forçat Noire", 5);
    assert_eq!((pendant % 4, (pendant / 4) % 2), (2, 0));
    assert_eq!((plain % 4, (plain / 4) % 2), (2, 1));
    for pos in 0..12 {
        assert_ne!(design("pull", "Pull Dakar Nights", pos), 2, "no unexpected hood");
        let v = variant_for("chaine", "Chaîne Dakar", pos);
        assert!(v % 4 != 2 || (v / 4) % 2 == 1, "no unexpected medallion");
    }
    // Same name, different positions: same design, different pictures.
    let a = variant_for("t-shirt", "T-shirt Corniche Rayé", 1);
    let b = variant_for("t-shirt", "T-shirt Corniche Rayé", 2);
    assert_ne!(render_product("t-shirt", "rouge", a, 120), render_product("t-shirt", "rouge", b, 120));
    // Without a hint the design follows the position.
    let designs: std::collections::HashSet<u32> = (0..4).map(|p| design("t-shirt", "T-shirt Sama Dakar", p)).collect();
    assert_eq!(designs.len(), 4);
}

#[test]
fn unknown_color_and_subcategory_fall_back() {
    let img = render_product("t-shirt", "arc-en-ciel", 0, 200);
    let grey = Rgb::from(UNKNOWN_COLOR);
    assert!(share_near(&img, grey, 0.5, 38.0) > 0.25);
    assert_eq!(Kind::parse("T-Shirts"), Kind::TShirt);
    assert_eq!(Kind::parse("Chaînes"), Kind::Chain);
    assert_eq!(Kind::parse("lunettes"), Kind::Glasses);
    let tag = render_product("casquette", "rouge", 0, 200);
    assert!(share_near(&tag, Rgb::from(color_rgb("rouge")), 0.5, 38.0) > 0.2);
    // Sizes are clamped to a sane range.
    assert_eq!(render_product("pull", "noir", 0, 0).width(), MIN_SIZE);
}
