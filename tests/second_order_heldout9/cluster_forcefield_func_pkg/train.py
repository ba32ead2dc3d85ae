"""Energy + force matching on reference DFT snapshots."""
import torch

from forces import make_force_fn
from models import MODELS, PotentialConfig


def fit(model, snapshots, epochs=2, w_force=100.0):
    params = {k: v.detach().requires_grad_(True) for k, v in model.named_parameters()}
    buffers = dict(model.named_buffers())
    energy_fn, force_fn = make_force_fn(model)
    opt = torch.optim.Adam(params.values(), lr=1e-3)
    for ep in range(epochs):
        for pos, e_ref, f_ref in snapshots:
            e = energy_fn(params, buffers, pos)
            f = force_fn(params, buffers, pos)
            loss = ((e - e_ref) ** 2).mean() + w_force * ((f - f_ref) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(ep, loss.item())
    return params


if __name__ == "__main__":
    cfg = PotentialConfig(model="pair+e0", ffn="glu")
    net = MODELS[cfg.model](cfg)
    data = [(torch.randn(4, 6, 3) * 1.5, torch.randn(4), torch.randn(4, 6, 3)) for _ in range(2)]
    fit(net, data)
