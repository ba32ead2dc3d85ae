"""Surrogate of a golf club-ball impact model for launch-monitor fitting.

Inputs: club speed, attack angle, dynamic loft, face-to-path, impact offset (toe/heel,
high/low). Outputs: ball speed, launch angle, back-spin, spin-axis tilt. The surrogate
is trained on values AND on sensitivities of the reference impact model (a Sobolev-style
loss), so that fitting swing parameters to measured launches behaves well.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "width": 64,
    "depth": 3,
    "jac_weight": 0.1,
    "exact_jacobian": False,    # autograd Jacobian (double backprop) vs central differences
    "fd_step": 1e-3,
    "jac_inputs": [0, 2, 3],    # sensitivities w.r.t. club speed, loft, face-to-path
    "batch": 64,
    "steps": 3,
    "lr": 1e-3,
}


def impact_model(x):
    """Reference (analytic, simplified) impact model. x is normalised to roughly [-1, 1]."""
    speed, attack, loft, f2p, toe, high = x.unbind(-1)
    smash = 1.48 - 0.05 * toe.pow(2) - 0.03 * high.pow(2)
    ball_speed = smash * (1 + 0.25 * speed)
    launch = 0.8 * loft + 0.2 * attack - 0.1 * high
    spin = (loft - attack) * (1 + 0.25 * speed) * 0.6 + 0.1 * high
    tilt = torch.tanh(1.5 * f2p - 0.4 * toe)
    return torch.stack([ball_speed, launch, spin, tilt], dim=-1)


class Surrogate(nn.Module):
    def __init__(self, width, depth):
        super().__init__()
        layers, d = [], 6
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.LayerNorm(width), nn.Softshrink(0.05)]
            d = width
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(width, 4)

    def forward(self, x):
        return self.out(F.gelu(self.body(x), approximate="tanh"))


def jacobian_columns(f, x, cols, exact=CFG["exact_jacobian"], h=CFG["fd_step"]):
    """d f / d x_j for j in cols, shape (B, 4, len(cols))."""
    if exact:
        x = x.detach().requires_grad_(True)
        y = f(x)
        rows = [torch.autograd.grad(y[:, i].sum(), x, create_graph=True)[0][:, cols] for i in range(y.shape[1])]
        return torch.stack(rows, dim=1)
    out = []
    for j in cols:
        e = torch.zeros_like(x)
        e[:, j] = h
        out.append((f(x + e) - f(x - e)) / (2 * h))
    return torch.stack(out, dim=-1)


def main(cfg=CFG):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = Surrogate(cfg["width"], cfg["depth"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x = 2 * torch.rand(cfg["batch"], 6, generator=gen) - 1
        with torch.no_grad():
            y_ref = impact_model(x)
            j_ref = jacobian_columns(impact_model, x, cfg["jac_inputs"])
        value_loss = F.mse_loss(model(x), y_ref)
        jac_loss = F.mse_loss(jacobian_columns(model, x, cfg["jac_inputs"]), j_ref)
        loss = value_loss + cfg["jac_weight"] * jac_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: value {value_loss.item():.4f}  sensitivity {jac_loss.item():.4f}")


if __name__ == "__main__":
    main()
