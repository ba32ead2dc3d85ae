"""Fit a SIREN to the Laplacian (and gradient) of a brightness-temperature map; the absolute level
is fixed by the scene mean, as in Poisson image reconstruction."""
import logging

import torch

from config import CONFIG
from modules import ConditionedSiren
from operators import gradient, laplace

log = logging.getLogger("regolith_siren")


def thermal_scene(xy, k):
    """Analytic stand-in for a Diviner night-time map: crater rims stay warm longer (rock)."""
    x, y = xy[..., 0], xy[..., 1]
    T = 95 + 6 * torch.exp(-((x - 0.2 * k) ** 2 + y ** 2) / 0.1) + 2 * torch.sin(3 * x) * torch.cos(2 * y)
    return T


def scene_targets(xy, k):
    with torch.enable_grad():
        xy = xy.clone().requires_grad_(True)
        T = thermal_scene(xy, k)
        g = gradient(T, xy)
        lap = laplace(T, xy)
    return T.detach(), g.detach(), lap.detach()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(4)
    model = ConditionedSiren(CONFIG)
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    w = CONFIG["loss_weights"]
    for step in range(CONFIG["steps"]):
        k = step % CONFIG["n_scenes"]
        xy = torch.rand(CONFIG["n_points"], 2) * 2 - 1
        T, g_t, lap_t = scene_targets(xy, k)
        scene = torch.full((xy.shape[0],), k, dtype=torch.long)
        xy = xy.requires_grad_(True)
        pred = model(xy, scene)
        g = gradient(pred, xy)
        lap = laplace(pred, xy)
        terms = {
            "laplacian": ((lap - lap_t / 100) ** 2).mean(),
            "gradient": ((g - g_t / 100) ** 2).sum(-1).mean(),
            "mean": (pred.mean() - T.mean() / 100) ** 2,
        }
        loss = sum(w[n] * t for n, t in terms.items())
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d " + " ".join(f"{n}=%.4f" for n in terms), step, *[t.item() for t in terms.values()])
    gr = model.skip.weight.grad
    assert gr is not None and gr.abs().sum() > 0


if __name__ == "__main__":
    main()
