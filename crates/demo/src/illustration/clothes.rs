//! T-shirts, pulls and sweats.

use tiny_skia::{PathBuilder, Rect};

use super::canvas::*;
use super::style::*;

pub(super) fn tshirt(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 832.0, 280.0, 34.0, 0.22);

    let mut pb = PathBuilder::new();
    pb.move_to(420.0, 212.0);
    pb.quad_to(362.0, 224.0, 302.0, 248.0);
    pb.quad_to(292.0, 252.0, 284.0, 262.0);
    pb.line_to(170.0, 384.0);
    pb.quad_to(212.0, 430.0, 262.0, 458.0);
    pb.line_to(322.0, 406.0);
    pb.quad_to(316.0, 610.0, 326.0, 806.0);
    pb.quad_to(500.0, 822.0, 674.0, 806.0);
    pb.quad_to(684.0, 610.0, 678.0, 406.0);
    pb.line_to(738.0, 458.0);
    pb.quad_to(788.0, 430.0, 830.0, 384.0);
    pb.line_to(716.0, 262.0);
    pb.quad_to(708.0, 252.0, 698.0, 248.0);
    pb.quad_to(638.0, 224.0, 580.0, 212.0);
    pb.cubic_to(562.0, 284.0, 438.0, 284.0, 420.0, 212.0);
    pb.close();
    let body = done(pb);

    garment_fill(c, &body, base, 322.0, 678.0, 212.0, 820.0);
    let mask = c.mask(&[&body]);
    let detail = base.detail(0.16);

    match st.detail {
        // Small embroidered emblem on the chest.
        0 => emblem(c, 592.0, 336.0, 30.0, st.accent, &mask),
        // Marinière stripes, sleeves included.
        1 => {
            let mut pb = PathBuilder::new();
            let mut y = 318.0;
            while y < 800.0 {
                pb.push_rect(Rect::from_xywh(120.0, y, 760.0, 20.0).unwrap());
                y += 58.0;
            }
            c.fill_masked(&done(pb), st.accent, 0.92, &mask);
        }
        // Big print: a sun over the ocean.
        2 => {
            let disc = circle(500.0, 500.0, 112.0);
            c.fill_masked(&disc, st.accent, 1.0, &mask);
            let disc_mask = c.mask(&[&disc]);
            for (i, y) in [528.0f32, 566.0, 604.0].iter().enumerate() {
                let mut pb = PathBuilder::new();
                let phase = i as f32 * 14.0;
                pb.move_to(370.0, *y);
                let mut x = 370.0;
                let mut up = true;
                while x < 640.0 {
                    let dy = if up { -14.0 } else { 14.0 };
                    pb.quad_to(x + 22.0, y + dy, x + 44.0, *y);
                    x += 44.0;
                    up = !up;
                }
                let wave = done(pb);
                let wave_ts = c.ts.pre_translate(-phase, 0.0);
                let paint = solid(base, 1.0);
                c.stroke_paint(&wave, &paint, &stroke_style(14.0), wave_ts, Some(&disc_mask));
            }
            c.stroke_masked(&circle(500.0, 500.0, 136.0), st.accent, 0.9, 6.0, &mask);
        }
        // Chest pocket cut from a wax print.
        _ => {
            let pocket = rounded_poly(
                &[(548.0, 318.0), (644.0, 318.0), (642.0, 420.0), (550.0, 420.0)],
                &[4.0, 4.0, 14.0, 14.0],
            );
            c.fill(&pocket, st.accent, 1.0);
            let pm = c.mask(&[&pocket]);
            let dots = st.accent.mix(if st.accent.is_dark() { Rgb::WHITE } else { Rgb::BLACK }, 0.45);
            let mut pb = PathBuilder::new();
            for row in 0..6 {
                for col in 0..6 {
                    let x = 548.0 + col as f32 * 20.0 + if row % 2 == 0 { 0.0 } else { 10.0 };
                    let y = 326.0 + row as f32 * 18.0;
                    pb.push_circle(x, y, 5.5);
                }
            }
            c.fill_masked(&done(pb), dots, 0.9, &pm);
            c.stroke(&pocket, base.outline(), 0.8, 4.0);
            c.stitches(&line(&[(556.0, 334.0), (636.0, 334.0)]), st.accent.detail(0.35), 0.9, 3.0);
        }
    }

    // Folds.
    let mut pb = PathBuilder::new();
    pb.move_to(336.0, 432.0);
    pb.quad_to(378.0, 470.0, 370.0, 548.0);
    pb.move_to(664.0, 432.0);
    pb.quad_to(622.0, 470.0, 630.0, 548.0);
    c.stroke(&done(pb), detail, 0.4, 5.0);

    // Inside of the back neck, then the ribbed collar.
    let mut pb = PathBuilder::new();
    pb.move_to(420.0, 212.0);
    pb.quad_to(500.0, 190.0, 580.0, 212.0);
    pb.cubic_to(562.0, 284.0, 438.0, 284.0, 420.0, 212.0);
    pb.close();
    c.fill(&done(pb), base.darken(if base.is_dark() { 0.4 } else { 0.3 }), 1.0);
    let mut pb = PathBuilder::new();
    pb.move_to(420.0, 212.0);
    pb.cubic_to(438.0, 284.0, 562.0, 284.0, 580.0, 212.0);
    let neck = done(pb);
    c.stroke(&neck, base.detail(0.07), 1.0, 24.0);
    c.stroke_at(&neck, detail, 0.8, 3.0, c.ts.pre_translate(0.0, 11.0));

    // Sleeve and hem stitches.
    c.stitches(&line(&[(191.0, 365.0), (277.0, 438.0)]), detail, 0.8, 3.5);
    c.stitches(&line(&[(809.0, 365.0), (723.0, 438.0)]), detail, 0.8, 3.5);
    let mut pb = PathBuilder::new();
    pb.move_to(328.0, 784.0);
    pb.quad_to(500.0, 800.0, 672.0, 784.0);
    c.stitches(&done(pb), detail, 0.8, 3.5);

    c.stroke(&body, base.outline(), 1.0, 6.0);
}

// ---------------------------------------------------------------------------------------------
// Pull / sweat
// ---------------------------------------------------------------------------------------------

pub(super) fn pull(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 836.0, 330.0, 36.0, 0.22);
    let detail = base.detail(0.16);
    let rib = base.detail(0.06);

    let sleeve = |mirror: bool| {
        let f = |x: f32| if mirror { DESIGN - x } else { x };
        let mut pb = PathBuilder::new();
        pb.move_to(f(322.0), 244.0);
        pb.quad_to(f(262.0), 256.0, f(232.0), 326.0);
        pb.line_to(f(178.0), 690.0);
        pb.line_to(f(260.0), 696.0);
        pb.line_to(f(302.0), 456.0);
        pb.line_to(f(326.0), 424.0);
        pb.close();
        done(pb)
    };
    let cuff = |mirror: bool| {
        let f = |x: f32| if mirror { DESIGN - x } else { x };
        let pts = [(f(176.0), 684.0), (f(262.0), 690.0), (f(258.0), 772.0), (f(170.0), 768.0)];
        (rounded_poly(&pts, &[6.0, 6.0, 12.0, 12.0]), pts)
    };
    let left = sleeve(false);
    let right = sleeve(true);

    let mut pb = PathBuilder::new();
    pb.move_to(428.0, 206.0);
    pb.quad_to(370.0, 214.0, 318.0, 244.0);
    pb.quad_to(312.0, 500.0, 324.0, 744.0);
    pb.line_to(676.0, 744.0);
    pb.quad_to(688.0, 500.0, 682.0, 244.0);
    pb.quad_to(630.0, 214.0, 572.0, 206.0);
    pb.cubic_to(556.0, 276.0, 444.0, 276.0, 428.0, 206.0);
    pb.close();
    let body = done(pb);

    let hem = {
        let mut pb = PathBuilder::new();
        pb.move_to(324.0, 738.0);
        pb.line_to(676.0, 738.0);
        pb.line_to(672.0, 808.0);
        pb.quad_to(672.0, 816.0, 662.0, 816.0);
        pb.quad_to(500.0, 822.0, 338.0, 816.0);
        pb.quad_to(328.0, 816.0, 328.0, 808.0);
        pb.close();
        done(pb)
    };

    for s in [&left, &right] {
        garment_fill(c, s, base.darken(0.03), 170.0, 830.0, 240.0, 700.0);
    }
    garment_fill(c, &body, base, 318.0, 682.0, 206.0, 744.0);
    let all = c.mask(&[&left, &right, &body]);
    let body_mask = c.mask(&[&body]);

    match st.detail {
        0 => emblem(c, 588.0, 330.0, 26.0, st.accent, &body_mask),
        // Two chest stripes running across body and sleeves.
        1 => {
            let mut pb = PathBuilder::new();
            pb.push_rect(Rect::from_xywh(100.0, 372.0, 800.0, 34.0).unwrap());
            pb.push_rect(Rect::from_xywh(100.0, 420.0, 800.0, 12.0).unwrap());
            c.fill_masked(&done(pb), st.accent, 0.95, &all);
        }
        // Cable knit.
        3 => {
            for x0 in [414.0f32, 500.0, 586.0] {
                for phase in [0.0f32, std::f32::consts::PI] {
                    let mut pb = PathBuilder::new();
                    let mut y = 300.0;
                    pb.move_to(x0 + 16.0 * phase.sin(), y);
                    while y < 730.0 {
                        y += 6.0;
                        let x = x0 + 16.0 * (y / 84.0 * std::f32::consts::TAU + phase).sin();
                        pb.line_to(x, y);
                    }
                    c.stroke_masked(&done(pb), detail, 0.55, 9.0, &body_mask);
                }
                let side = line(&[(x0 - 34.0, 300.0), (x0 - 34.0, 730.0)]);
                c.stroke_masked(&side, detail, 0.35, 4.0, &body_mask);
            }
        }
        _ => {}
    }

    // Elbow folds.
    let mut pb = PathBuilder::new();
    pb.move_to(214.0, 520.0);
    pb.quad_to(240.0, 534.0, 270.0, 518.0);
    pb.move_to(786.0, 520.0);
    pb.quad_to(760.0, 534.0, 730.0, 518.0);
    pb.move_to(344.0, 430.0);
    pb.quad_to(372.0, 480.0, 366.0, 560.0);
    pb.move_to(656.0, 430.0);
    pb.quad_to(628.0, 480.0, 634.0, 560.0);
    c.stroke(&done(pb), detail, 0.38, 5.0);

    // Ribbed cuffs and hem.
    for mirror in [false, true] {
        let (path, p) = cuff(mirror);
        c.fill(&path, rib, 1.0);
        ribs(c, p[0], p[1], p[3], p[2], 8, detail);
        c.stroke(&path, base.outline(), 1.0, 5.0);
    }
    c.fill(&hem, rib, 1.0);
    ribs(c, (324.0, 738.0), (676.0, 738.0), (328.0, 816.0), (672.0, 816.0), 30, detail);
    c.stroke(&hem, base.outline(), 1.0, 5.0);

    for s in [&left, &right] {
        c.stroke(s, base.outline(), 1.0, 6.0);
    }
    c.stroke(&body, base.outline(), 1.0, 6.0);

    if st.detail == 2 {
        hood(c, base, st);
    } else {
        // Inside of the back neck, then the ribbed crew collar.
        let mut pb = PathBuilder::new();
        pb.move_to(428.0, 206.0);
        pb.quad_to(500.0, 186.0, 572.0, 206.0);
        pb.cubic_to(556.0, 276.0, 444.0, 276.0, 428.0, 206.0);
        pb.close();
        c.fill(&done(pb), base.darken(if base.is_dark() { 0.4 } else { 0.3 }), 1.0);
        let pts = [(428.0, 206.0), (444.0, 276.0), (556.0, 276.0), (572.0, 206.0)];
        let mut pb = PathBuilder::new();
        pb.move_to(pts[0].0, pts[0].1);
        pb.cubic_to(pts[1].0, pts[1].1, pts[2].0, pts[2].1, pts[3].0, pts[3].1);
        let neck = done(pb);
        c.stroke(&neck, base.outline(), 1.0, 36.0);
        c.stroke(&neck, rib, 1.0, 28.0);
        let mut pb = PathBuilder::new();
        for i in 1..24 {
            let t = i as f32 / 24.0;
            let (x, y) = cubic_point(pts, t);
            let (x2, y2) = cubic_point(pts, (t + 0.01).min(1.0));
            let (tx, ty) = (x2 - x, y2 - y);
            let len = (tx * tx + ty * ty).sqrt().max(1e-3);
            let (nx, ny) = (-ty / len, tx / len);
            pb.move_to(x - nx * 11.0, y - ny * 11.0);
            pb.line_to(x + nx * 11.0, y + ny * 11.0);
        }
        c.stroke(&done(pb), detail, 0.55, 2.5);
    }
}

pub(super) fn hood(c: &mut Canvas, base: Rgb, st: &Style) {
    let mut pb = PathBuilder::new();
    pb.move_to(384.0, 262.0);
    pb.cubic_to(366.0, 150.0, 436.0, 112.0, 500.0, 112.0);
    pb.cubic_to(564.0, 112.0, 634.0, 150.0, 616.0, 262.0);
    pb.quad_to(500.0, 304.0, 384.0, 262.0);
    pb.close();
    let outer = done(pb);
    garment_fill(c, &outer, base.darken(0.04), 370.0, 630.0, 112.0, 300.0);
    c.stroke(&outer, base.outline(), 1.0, 6.0);

    let mut pb = PathBuilder::new();
    pb.move_to(428.0, 246.0);
    pb.cubic_to(420.0, 176.0, 464.0, 150.0, 500.0, 150.0);
    pb.cubic_to(536.0, 150.0, 580.0, 176.0, 572.0, 246.0);
    pb.quad_to(500.0, 276.0, 428.0, 246.0);
    pb.close();
    let opening = done(pb);
    c.fill(&opening, base.darken(if base.is_dark() { 0.45 } else { 0.34 }), 1.0);
    c.stroke(&opening, base.detail(0.08), 1.0, 14.0);
    c.stroke(&opening, base.outline(), 0.8, 3.0);

    // Drawstrings with aglets.
    let string = st.accent;
    for (x0, x1, y1) in [(466.0f32, 458.0f32, 388.0f32), (534.0, 544.0, 376.0)] {
        let l = line(&[(x0, 262.0), (x1, y1)]);
        c.stroke(&l, string.outline(), 0.6, 10.0);
        c.stroke(&l, string, 1.0, 7.0);
        let tip = line(&[(x1, y1), (x1 + (x1 - x0) * 0.12, y1 + 26.0)]);
        c.stroke(&tip, string.detail(0.35), 1.0, 10.0);
    }

    // Kangaroo pocket.
    let pocket =
        rounded_poly(&[(392.0, 560.0), (608.0, 560.0), (650.0, 722.0), (350.0, 722.0)], &[18.0, 18.0, 6.0, 6.0]);
    c.fill(&pocket, base.detail(0.04), 1.0);
    c.stroke(&pocket, base.outline(), 0.9, 4.0);
    c.stitches(&line(&[(398.0, 574.0), (602.0, 574.0)]), base.detail(0.2), 0.8, 3.0);
}
