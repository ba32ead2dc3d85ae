# PINN for two solitary waves colliding in a shallow towing canal, modelled by the
# Korteweg-de Vries equation  u_t + 6 u u_x + u_xxx = 0  (needs a third derivative in x).
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "model": {"width": 32, "depth": 3, "act": "elu"},
    "domain": {"x_min": -8.0, "x_max": 8.0, "t_max": 1.0},
    "train": {"steps": 3, "n_collocation": 128, "n_initial": 64, "lr": 1e-3, "w_ic": 10.0},
}


def two_soliton_initial(x, c1=4.0, c2=1.0, x1=-4.0, x2=2.0):
    s1 = 0.5 * c1 / torch.cosh(0.5 * c1 ** 0.5 * (x - x1)) ** 2
    s2 = 0.5 * c2 / torch.cosh(0.5 * c2 ** 0.5 * (x - x2)) ** 2
    return s1 + s2


class CanalPINN(nn.Module):
    def __init__(self, mcfg):
        super().__init__()
        width, depth = mcfg["width"], mcfg["depth"]
        self.inp = nn.Linear(2, width)
        self.hidden = nn.ModuleList([nn.Linear(width, width) for _ in range(depth - 1)])
        self.out = nn.Linear(width, 1)
        self.act = F.elu if mcfg["act"] == "elu" else torch.tanh

    def forward(self, x, t):
        h = self.act(self.inp(torch.cat([x / 8.0, t], dim=1)))
        for layer in self.hidden:
            h = self.act(layer(h))
        return self.out(h)


def d(outputs, inputs):
    return torch.autograd.grad(outputs, inputs, grad_outputs=torch.ones_like(outputs),
                               create_graph=True)[0]


def kdv_residual(model, x, t):
    x.requires_grad_(True)
    t.requires_grad_(True)
    u = model(x, t)
    u_t = d(u, t)
    u_x = d(u, x)
    u_xx = d(u_x, x)
    u_xxx = d(u_xx, x)
    return u_t + 6.0 * u * u_x + u_xxx


def sample(dom, n):
    x = dom["x_min"] + (dom["x_max"] - dom["x_min"]) * torch.rand(n, 1)
    t = dom["t_max"] * torch.rand(n, 1)
    return x, t


def train(cfg=CFG):
    torch.manual_seed(0)
    model = CanalPINN(cfg["model"])
    tc, dom = cfg["train"], cfg["domain"]
    opt = torch.optim.Adam(model.parameters(), lr=tc["lr"])
    for step in range(tc["steps"]):
        x_c, t_c = sample(dom, tc["n_collocation"])
        res = kdv_residual(model, x_c, t_c)
        x0 = torch.linspace(dom["x_min"], dom["x_max"], tc["n_initial"]).unsqueeze(1)
        u0 = model(x0, torch.zeros_like(x0))
        loss = res.pow(2).mean() + tc["w_ic"] * F.mse_loss(u0, two_soliton_initial(x0))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4e}")
    return model


if __name__ == "__main__":
    train()
