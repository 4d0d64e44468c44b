//! Sunglasses, chains, and a price tag for anything else.

use tiny_skia::{FillRule, Mask, PathBuilder, Shader};

use super::canvas::*;
use super::style::*;

pub(super) fn glasses(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 700.0, 360.0, 34.0, 0.2);
    let frame_w = match st.detail {
        0 | 1 => 13.0, // metal
        _ => 30.0,     // acetate
    };
    let metal = frame_w < 20.0;
    // Left lens around its centre; outer side is negative x.
    let lens = match st.detail {
        0 => circle(0.0, 0.0, 118.0),
        1 => {
            let mut pb = PathBuilder::new();
            pb.move_to(100.0, -86.0);
            pb.cubic_to(40.0, -104.0, -96.0, -104.0, -136.0, -80.0);
            pb.cubic_to(-176.0, -46.0, -160.0, 56.0, -104.0, 98.0);
            pb.cubic_to(-50.0, 138.0, 50.0, 132.0, 92.0, 58.0);
            pb.cubic_to(118.0, 14.0, 124.0, -52.0, 100.0, -86.0);
            pb.close();
            done(pb)
        }
        2 => rounded_poly(&[(-146.0, -96.0), (122.0, -96.0), (104.0, 88.0), (-124.0, 92.0)], &[34.0, 26.0, 46.0, 52.0]),
        _ => rounded_poly(&[(-158.0, -116.0), (112.0, -86.0), (98.0, 70.0), (-112.0, 84.0)], &[18.0, 34.0, 60.0, 70.0]),
    };
    let (cx_l, cx_r, cy) = (336.0f32, 664.0f32, 490.0f32);
    let left_ts = c.ts.pre_translate(cx_l, cy);
    let right_ts = c.ts.pre_translate(cx_r, cy).pre_scale(-1.0, 1.0);
    let bounds = lens.bounds();
    let (top, bottom) = (bounds.top(), bounds.bottom());
    let hinge_y = top + 30.0;
    let outer_x = bounds.left();

    // Temples, behind the front, seen slightly from above.
    let temple = {
        let mut pb = PathBuilder::new();
        pb.move_to(outer_x + 6.0, hinge_y);
        pb.line_to(outer_x - 84.0, hinge_y - 30.0);
        pb.quad_to(outer_x - 108.0, hinge_y - 40.0, outer_x - 120.0, hinge_y - 14.0);
        done(pb)
    };
    let tw = if metal { 11.0 } else { 20.0 };
    for ts in [left_ts, right_ts] {
        c.stroke_at(&temple, base.outline(), 1.0, tw + 6.0, ts);
        c.stroke_at(&temple, base.darken(0.14), 1.0, tw, ts);
    }

    // Lenses with a tint gradient and a reflection.
    let (lt, lb) = st.lens;
    for ts in [left_ts, right_ts] {
        let shader = linear((0.0, top), (0.0, bottom), &[(0.0, lt, 0.96), (1.0, lb, 0.93)]);
        c.fill_paint(&lens, &shader_paint(shader), ts, None);
        let mut m = Mask::new(c.size, c.size).expect("valid size");
        m.fill_path(&lens, FillRule::Winding, true, ts);
        let glare = rounded_poly(&[(-150.0, 10.0), (-40.0, -150.0), (0.0, -150.0), (-110.0, 10.0)], &[4.0]);
        c.fill_paint(&glare, &solid(Rgb::WHITE, 0.2), ts, Some(&m));
        let glare2 = rounded_poly(&[(-90.0, 40.0), (20.0, -120.0), (36.0, -120.0), (-74.0, 40.0)], &[2.0]);
        c.fill_paint(&glare2, &solid(Rgb::WHITE, 0.14), ts, Some(&m));
    }

    // Bridge.
    let bridge = {
        let mut pb = PathBuilder::new();
        if metal {
            pb.move_to(cx_l + 96.0, cy - 40.0);
            pb.quad_to(500.0, cy - 78.0, cx_r - 96.0, cy - 40.0);
            if st.detail == 1 {
                pb.move_to(cx_l + 90.0, cy - 92.0);
                pb.line_to(cx_r - 90.0, cy - 92.0);
            }
        } else {
            pb.move_to(cx_l + 110.0, cy - 42.0);
            pb.quad_to(500.0, cy - 84.0, cx_r - 110.0, cy - 42.0);
        }
        done(pb)
    };
    let bw = if metal { 11.0 } else { 26.0 };
    c.stroke(&bridge, base.outline(), 1.0, bw + 6.0);
    c.stroke(&bridge, base, 1.0, bw);

    // Frame rims: outline, colour with a top-lit gradient, then a fine highlight.
    for ts in [left_ts, right_ts] {
        c.stroke_at(&lens, base.outline(), 1.0, frame_w + 6.0, ts);
        let shader = linear(
            (0.0, top - frame_w),
            (0.0, bottom + frame_w),
            &[(0.0, base.lighten(0.28), 1.0), (0.3, base, 1.0), (0.75, base, 1.0), (1.0, base.darken(0.22), 1.0)],
        );
        let paint = shader_paint(shader);
        c.stroke_paint(&lens, &paint, &stroke_style(frame_w), ts, None);
        if !metal {
            c.stroke_at(&lens, Rgb::WHITE, 0.18, 3.0, ts.pre_translate(-3.0, -6.0).pre_scale(0.97, 0.97));
        }
        // Hinge.
        let hinge = rounded_poly(
            &[
                (outer_x - 10.0, hinge_y - 16.0),
                (outer_x + 18.0, hinge_y - 16.0),
                (outer_x + 18.0, hinge_y + 14.0),
                (outer_x - 10.0, hinge_y + 14.0),
            ],
            &[5.0],
        );
        c.fill_paint(&hinge, &solid(base.darken(0.1), 1.0), ts, None);
        c.stroke_at(&hinge, base.outline(), 1.0, 3.0, ts);
    }
}

// ---------------------------------------------------------------------------------------------
// Chain
// ---------------------------------------------------------------------------------------------

pub(super) struct Curve {
    pts: Vec<(f32, f32)>,
    acc: Vec<f32>,
}

impl Curve {
    pub(super) fn necklace() -> Curve {
        let (cx, cy, rx, ry) = (500.0f32, 350.0f32, 280.0f32, 322.0f32);
        let (t0, t1) = (-0.42f32, std::f32::consts::PI + 0.42);
        let n = 400;
        let mut pts = Vec::with_capacity(n + 1);
        let mut acc = Vec::with_capacity(n + 1);
        let mut total = 0.0;
        for i in 0..=n {
            let t = t0 + (t1 - t0) * i as f32 / n as f32;
            let p = (cx - rx * t.cos(), cy + ry * t.sin());
            if let Some(&q) = pts.last() {
                let q: (f32, f32) = q;
                total += ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
            }
            pts.push(p);
            acc.push(total);
        }
        Curve { pts, acc }
    }
    pub(super) fn len(&self) -> f32 {
        *self.acc.last().unwrap_or(&0.0)
    }
    /// Point and tangent angle (degrees) at arc length `s`.
    pub(super) fn at(&self, s: f32) -> (f32, f32, f32) {
        let i = self.acc.partition_point(|&a| a < s).clamp(1, self.pts.len() - 1);
        let (a, b) = (self.pts[i - 1], self.pts[i]);
        let span = (self.acc[i] - self.acc[i - 1]).max(1e-4);
        let t = ((s - self.acc[i - 1]) / span).clamp(0.0, 1.0);
        let angle = (b.1 - a.1).atan2(b.0 - a.0).to_degrees();
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, angle)
    }
}

pub(super) fn metal_shader(base: Rgb, half: f32) -> Shader<'static> {
    linear(
        (0.0, -half),
        (0.0, half),
        &[
            (0.0, base.lighten(0.5), 1.0),
            (0.35, base.lighten(0.08), 1.0),
            (0.7, base, 1.0),
            (1.0, base.darken(0.32), 1.0),
        ],
    )
}

pub(super) fn chain(c: &mut Canvas, base: Rgb, st: &Style) {
    let curve = Curve::necklace();
    let len = curve.len();
    let dark = base.darken(0.55);
    let pendant = st.detail == 2 && st.pendant;
    c.shadow(500.0, if pendant { 876.0 } else { 708.0 }, 300.0, 30.0, 0.16);

    let spacing = match st.detail {
        0 => 30.0,
        1 => 15.0,
        2 => 40.0,
        _ => 34.0,
    };
    let count = (len / spacing).floor() as usize;
    let offset = (len - count as f32 * spacing) / 2.0;

    if st.detail == 3 {
        // Ball chain: connectors first, then the balls.
        let wire = {
            let mut pb = PathBuilder::new();
            for (i, &(x, y)) in curve.pts.iter().enumerate() {
                if i == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            done(pb)
        };
        c.stroke(&wire, dark, 1.0, 8.0);
        c.stroke(&wire, base.darken(0.1), 1.0, 4.0);
        for i in 0..=count {
            let (x, y, _) = curve.at(offset + i as f32 * spacing);
            let ball = circle(x, y, 14.0);
            c.fill_shader(
                &ball,
                radial(
                    x - 5.0,
                    y - 6.0,
                    20.0,
                    20.0,
                    &[(0.0, base.lighten(0.65), 1.0), (0.45, base, 1.0), (1.0, base.darken(0.35), 1.0)],
                ),
            );
            c.stroke(&ball, dark, 0.8, 2.5);
        }
    } else {
        for pass in 0..2 {
            for i in 0..=count {
                let odd = i % 2 == 1;
                let (x, y, angle) = curve.at(offset + i as f32 * spacing);
                let ts = c.ts.pre_translate(x, y);
                match st.detail {
                    // Cuban: thick twisted rings, tightly packed.
                    0 => {
                        if pass == 1 {
                            continue;
                        }
                        let tilt = if odd { 22.0 } else { -22.0 };
                        let lts = ts.pre_rotate(angle + tilt);
                        let link = ellipse_at(32.0, 21.0);
                        c.stroke_at(&link, dark, 1.0, 20.0, lts);
                        let paint = shader_paint(metal_shader(base, 30.0));
                        c.stroke_paint(&link, &paint, &stroke_style(14.0), lts, None);
                        c.stroke_at(&link, Rgb::WHITE, 0.35, 2.5, lts.pre_translate(0.0, -4.0));
                    }
                    // Rope: overlapping twisted grains.
                    1 => {
                        if pass == 1 {
                            continue;
                        }
                        let lts = ts.pre_rotate(angle + 52.0);
                        let grain = ellipse_at(28.0, 13.0);
                        c.fill_paint(&grain, &shader_paint(metal_shader(base, 12.0)), lts, None);
                        c.stroke_at(&grain, dark, 0.9, 3.0, lts);
                    }
                    // Classic: face-on rings, then edge-on links through them.
                    _ => {
                        let lts = ts.pre_rotate(angle);
                        if !odd && pass == 0 {
                            let link = ellipse_at(27.0, 18.0);
                            c.stroke_at(&link, dark, 1.0, 15.0, lts);
                            let paint = shader_paint(metal_shader(base, 26.0));
                            c.stroke_paint(&link, &paint, &stroke_style(10.0), lts, None);
                        } else if odd && pass == 1 {
                            let bar = rounded_poly(&[(-30.0, -7.0), (30.0, -7.0), (30.0, 7.0), (-30.0, 7.0)], &[7.0]);
                            c.fill_paint(&bar, &shader_paint(metal_shader(base, 8.0)), lts, None);
                            c.stroke_at(&bar, dark, 1.0, 3.0, lts);
                        }
                    }
                }
            }
        }
    }

    // Clasp: a spring ring on one end, a small tag ring on the other.
    let (x0, y0, _) = curve.at(0.0);
    let (x1, y1, _) = curve.at(len);
    for (x, y, r) in [(x0, y0 - 14.0, 16.0f32), (x1, y1 - 12.0, 12.0)] {
        let ring = circle(x, y, r);
        c.stroke(&ring, dark, 1.0, 11.0);
        c.stroke(&ring, base, 1.0, 6.0);
    }

    if pendant {
        let (bx, by) = (500.0f32, 694.0);
        let bail = ellipse_at(12.0, 20.0);
        let bts = c.ts.pre_translate(bx, by);
        c.stroke_at(&bail, dark, 1.0, 12.0, bts);
        c.stroke_at(&bail, base, 1.0, 7.0, bts);
        let (mx, my, r) = (500.0f32, 790.0f32, 72.0f32);
        let disc = circle(mx, my, r);
        c.fill_shader(
            &disc,
            radial(
                mx - 26.0,
                my - 30.0,
                r * 1.6,
                r * 1.6,
                &[(0.0, base.lighten(0.55), 1.0), (0.45, base, 1.0), (1.0, base.darken(0.35), 1.0)],
            ),
        );
        c.stroke(&disc, dark, 1.0, 5.0);
        c.stroke(&circle(mx, my, r - 14.0), base.darken(0.25), 0.9, 4.0);
        // An engraved sun.
        c.fill(&circle(mx, my, 18.0), base.darken(0.22), 1.0);
        let mut pb = PathBuilder::new();
        for k in 0..12 {
            let a = k as f32 * std::f32::consts::TAU / 12.0;
            pb.move_to(mx + 26.0 * a.cos(), my + 26.0 * a.sin());
            pb.line_to(mx + 42.0 * a.cos(), my + 42.0 * a.sin());
        }
        c.stroke(&done(pb), base.darken(0.22), 1.0, 5.0);
    }
}

// ---------------------------------------------------------------------------------------------
// Anything else: a price tag.
// ---------------------------------------------------------------------------------------------

pub(super) fn tag(c: &mut Canvas, base: Rgb, st: &Style) {
    c.shadow(500.0, 800.0, 230.0, 30.0, 0.2);
    let shape = rounded_poly(
        &[(500.0, 190.0), (680.0, 330.0), (680.0, 760.0), (320.0, 760.0), (320.0, 330.0)],
        &[30.0, 24.0, 30.0, 30.0, 24.0],
    );
    garment_fill(c, &shape, base, 320.0, 680.0, 190.0, 760.0);
    c.stroke(&shape, base.outline(), 1.0, 6.0);
    c.fill(&circle(500.0, 320.0, 30.0), st.bg, 1.0);
    c.stroke(&circle(500.0, 320.0, 30.0), base.outline(), 1.0, 5.0);
    let mask = c.mask(&[&shape]);
    for (i, w) in [220.0f32, 160.0, 190.0].iter().enumerate() {
        let y = 470.0 + i as f32 * 70.0;
        let bar = rounded_poly(
            &[(500.0 - w / 2.0, y), (500.0 + w / 2.0, y), (500.0 + w / 2.0, y + 26.0), (500.0 - w / 2.0, y + 26.0)],
            &[13.0],
        );
        c.fill_masked(&bar, base.detail(0.25), 0.8, &mask);
    }
}
