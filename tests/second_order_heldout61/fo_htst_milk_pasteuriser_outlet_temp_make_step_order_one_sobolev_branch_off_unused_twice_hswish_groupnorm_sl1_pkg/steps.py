"""Training-step builder and helpers."""
import torch
import torch.nn.functional as F
from torch.func import grad

LOSSES = {"sl1": F.smooth_l1_loss, "mse": F.mse_loss}


def twice(f):
    """Second derivative of a scalar function of a scalar (kept for curvature checks)."""
    return grad(grad(f))


def make_step(model, opt, loss_fn, order=1, lam=0.5):
    def step(batch):
        t = batch["t"].clone().requires_grad_(order > 1)
        temp = model(t, batch["u"])
        loss = loss_fn(temp, batch["T"])
        if order > 1:
            (dT_dt,) = torch.autograd.grad(temp.sum(), t, create_graph=True)
            loss = loss + lam * loss_fn(dT_dt.squeeze(-1), batch["rate"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.item()

    return step


def heating_rate(model, t, u):
    """dT/dt for the operator display; first order, no graph kept."""
    with torch.enable_grad():
        t = t.clone().requires_grad_(True)
        (rate,) = torch.autograd.grad(model(t, u).sum(), t)
    return rate.squeeze(-1)
