import math

import torch
import torch.nn.functional as F

from config import CFG
from curvature import GaussNewtonHF
from models import OccupancyForecaster


def synth_loop_data(n, n_detectors, window, horizon, seed):
    g = torch.Generator().manual_seed(seed)
    t0 = torch.rand(n, 1, generator=g) * 288
    t = t0 + torch.arange(window + horizon).float()
    peak = torch.exp(-((t % 288 - 96) / 18) ** 2) + 0.7 * torch.exp(-((t % 288 - 210) / 22) ** 2)
    lag = torch.linspace(0, 0.3, n_detectors).view(1, -1, 1)
    occ = 0.08 + 0.35 * peak.unsqueeze(1) * (1 - lag) + 0.02 * torch.randn(n, n_detectors, window + horizon, generator=g)
    ramp = occ[:, -1, window:]
    return occ[:, :, :window], ramp


@torch.no_grad()
def evaluate(model, x, y):
    pred = model(x)
    coarse = F.interpolate(pred.unsqueeze(1), scale_factor=2, mode="linear").squeeze(1)
    return (pred - y).abs().mean().item(), coarse.shape[-1]


def main():
    torch.manual_seed(0)
    d, m, h = CFG["data"], CFG["model"], CFG["hf"]
    x_tr, y_tr = synth_loop_data(d["n_train"], d["n_detectors"], d["window"], d["horizon"], 1)
    x_va, y_va = synth_loop_data(d["n_val"], d["n_detectors"], d["window"], d["horizon"], 2)
    model = OccupancyForecaster(d["n_detectors"], d["window"], d["horizon"], m["stages"], m["hidden"],
                                m["use_recurrent_summary"])
    hf = GaussNewtonHF(model, h["cg_iters"], h["init_damping"], h["huber_beta"])
    for it in range(h["outer_steps"]):
        loss, new_loss, rho = hf.step(x_tr, y_tr)
        mae, _ = evaluate(model, x_va, y_va)
        print(f"step {it} loss {loss:.5f} -> {new_loss:.5f} rho={rho:.2f} lambda={hf.damping:.3f} val_mae={mae:.4f}")
    assert math.isfinite(new_loss)


if __name__ == "__main__":
    main()
