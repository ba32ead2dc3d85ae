"""Train the hot-spot forecaster with Sophia-H on synthetic substation load / ambient histories."""
import torch
import torch.nn.functional as F

from config import CFG
from model import HotSpotForecaster
from sophia import SophiaH

LOSSES = {
    "huber": lambda pred, y, delta: F.huber_loss(pred, y, delta=delta),
    "smooth_l1": lambda pred, y, delta: F.smooth_l1_loss(pred, y, beta=delta),
    "mse": lambda pred, y, delta: F.mse_loss(pred, y),
}


@torch.no_grad()
def synth_histories(cfg):
    g = torch.Generator().manual_seed(cfg["seed"])
    n, w = cfg["n_series"], cfg["window"]
    daily = torch.rand(n, 1, 6, generator=g)
    load = F.interpolate(daily, size=w, mode="linear", align_corners=True)
    ambient = 0.3 * torch.randn(n, 1, w, generator=g).cumsum(-1) / w ** 0.5
    top_oil = 0.6 * load + 0.4 * ambient + 0.05 * torch.randn(n, 1, w, generator=g)
    x = torch.cat([load, ambient, top_oil], dim=1)
    hotspot = 1.3 * load[:, 0, -6:].mean(-1) + 0.5 * top_oil[:, 0, -1]
    peak = load[:, 0].amax(-1)
    return x, hotspot, peak


def main(cfg=CFG):
    torch.manual_seed(0)
    x, y, peak = synth_histories(cfg["data"])
    mc = cfg["model"]
    model = HotSpotForecaster(cfg["data"]["channels"], mc["blocks"], mc["pool"], mc["head_hidden"])
    oc = cfg["optim"]
    opt = SophiaH(model.parameters(), lr=oc["lr"], betas=oc["betas"], rho=oc["rho"],
                  weight_decay=oc["weight_decay"])
    loss_fn, delta = LOSSES[cfg["loss"]["name"]], cfg["loss"]["delta"]
    bs = cfg["train"]["batch"]

    for step in range(cfg["train"]["steps"]):
        idx = torch.randperm(x.shape[0])[:bs]
        xb, yb, pb = x[idx], y[idx], peak[idx]
        if step % oc["hess_every"] == 0:
            h_loss = opt.update_hessian(lambda: loss_fn(model(xb), yb, delta))
            print(f"step {step} hessian refresh at loss {h_loss.item():.4f}")
        pred, peak_pred = model(xb, with_peak=True)
        loss = loss_fn(pred, yb, delta) + cfg["aux"]["peak_weight"] * F.smooth_l1_loss(peak_pred, pb)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step(batch_size=bs)
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
