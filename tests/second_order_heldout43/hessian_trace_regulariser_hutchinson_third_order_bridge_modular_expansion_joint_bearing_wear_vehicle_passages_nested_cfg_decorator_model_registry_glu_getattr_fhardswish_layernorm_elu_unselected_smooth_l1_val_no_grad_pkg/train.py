"""Fit the bearing-wear regressor with loss + w * tr(H) (flat-minimum regularisation)."""
import torch
import torch.nn.functional as F

from config import CFG
from nets import build
from regularisers import REGULARISERS


def synth_passages(cfg):
    g = torch.Generator().manual_seed(cfg["seed"])
    x = torch.randn(cfg["n_passages"], cfg["features"], generator=g)
    wear = 0.6 * x[:, 0] * x[:, 1].abs() + 0.4 * torch.tanh(2 * x[:, 3]) - 0.2 * x[:, 5] ** 2
    return x, wear + 0.05 * torch.randn(cfg["n_passages"], generator=g)


def main(cfg=CFG):
    torch.manual_seed(0)
    x, y = synth_passages(cfg["data"])
    n_val = 32
    (xv, yv), (xt, yt) = (x[:n_val], y[:n_val]), (x[n_val:], y[n_val:])
    model = build(cfg["model"], x.shape[1])
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=cfg["train"]["lr"])
    rc = cfg["regulariser"]
    reg_fn = REGULARISERS[rc["name"]]

    for step in range(cfg["train"]["steps"]):
        idx = torch.randint(0, xt.shape[0], (cfg["train"]["batch"],))
        loss = F.mse_loss(model(xt[idx]), yt[idx])
        trace = reg_fn(loss, params, probes=rc["probes"], create_graph=rc["create_graph"])
        total = loss + rc["weight"] * trace
        opt.zero_grad()
        total.backward()
        opt.step()
        with torch.no_grad():
            val = F.smooth_l1_loss(model(xv), yv)
        print(f"step {step} mse {loss.item():.4f} tr(H) {trace.item():.3f} val-huber {val.item():.4f}")


if __name__ == "__main__":
    main()
