"""Physics-informed network for the focusing nonlinear Schroedinger equation of an optical fibre pulse:
    i h_t + 0.5 h_xx + |h|^2 h = 0,   h = u + i v.
Second space derivatives come from torch.func (vmap of jacfwd of grad) over a functional_call of the network.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacfwd, vmap

WIDTH = 24
BLOCK_NAMES = ["embed", "norm", "mix", "ln", "head"]


class PulseNet(nn.Module):
    def __init__(self, width=WIDTH):
        super().__init__()
        mods = []
        mods.append(nn.Linear(2, width))
        mods.append(nn.GroupNorm(4, width))
        mods.append(nn.Linear(width, width))
        mods.append(nn.LayerNorm(width))
        mods.append(nn.Linear(width, 2))
        self.blocks = nn.ModuleList(mods)
        self.names = list(BLOCK_NAMES)

    def forward(self, xt):
        h = xt
        for i, name in enumerate(self.names):
            h = self.blocks[i](h)
            if name in ("norm", "ln"):
                h = F.selu(h) if name == "norm" else torch.tanh(h)
        return h


def make_fields(net):
    names = [n for n, _ in net.named_parameters()]

    def component(params, xt, k):
        out = functional_call(net, params, (xt.unsqueeze(0),))
        return out[0, k]

    def residual(tensors, xt):
        params = dict(zip(names, tensors))
        u, v = component(params, xt, 0), component(params, xt, 1)
        du = grad(component, argnums=1)(params, xt, 0)
        dv = grad(component, argnums=1)(params, xt, 1)
        hu = jacfwd(grad(component, argnums=1), argnums=1)(params, xt, 0)
        hv = jacfwd(grad(component, argnums=1), argnums=1)(params, xt, 1)
        mod2 = u ** 2 + v ** 2
        real = -dv[1] + 0.5 * hu[0, 0] + mod2 * u
        imag = du[1] + 0.5 * hv[0, 0] + mod2 * v
        return torch.stack([real, imag])

    return vmap(residual, in_dims=(None, 0))


def main():
    torch.manual_seed(3)
    net = PulseNet()
    residual = make_fields(net)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    x0 = torch.linspace(-5, 5, 32)
    h0 = 2.0 / torch.cosh(x0)
    ic_pts = torch.stack([x0, torch.zeros_like(x0)], dim=1)
    for it in range(10):
        colloc = torch.stack([torch.rand(64) * 10 - 5, torch.rand(64) * 1.5], dim=1)
        tensors = tuple(net.parameters())
        r = residual(tensors, colloc)
        pred0 = net(ic_pts)
        loss = (r ** 2).mean() + ((pred0[:, 0] - h0) ** 2 + pred0[:, 1] ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"it {it} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
