"""Physics-informed neural operator (PINO) for viscous Burgers, 1-D Fourier neural operator.

The operator maps the initial condition a(x) (plus the grid coordinates) to u(x, t=1) on a fixed grid; the
physics loss takes u_x and u_xx with autograd w.r.t. the coordinate channel (steady-state residual of a
forced Burgers problem) instead of spectral derivatives.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpectralConv1d(nn.Module):
    def __init__(self, in_ch, out_ch, modes):
        super().__init__()
        self.modes = modes
        scale = 1.0 / (in_ch * out_ch)
        self.w_re = nn.Parameter(scale * torch.rand(in_ch, out_ch, modes))
        self.w_im = nn.Parameter(scale * torch.rand(in_ch, out_ch, modes))

    def forward(self, x):
        n = x.size(-1)
        x_ft = torch.fft.rfft(x, dim=-1)[..., : self.modes]
        w = torch.complex(self.w_re, self.w_im)
        out_ft = (x_ft.unsqueeze(2) * w.unsqueeze(0)).sum(dim=1)
        pad = torch.zeros(out_ft.shape[0], out_ft.shape[1], n // 2 + 1 - self.modes, dtype=out_ft.dtype)
        return torch.fft.irfft(torch.cat([out_ft, pad], dim=-1), n=n, dim=-1)


class FNO1d(nn.Module):
    def __init__(self, modes=12, width=32, depth=4):
        super().__init__()
        self.lift = nn.Linear(2, width)
        self.spectral = nn.ModuleList([SpectralConv1d(width, width, modes) for _ in range(depth)])
        self.pointwise = nn.ModuleList([nn.Conv1d(width, width, 1) for _ in range(depth)])
        self.proj = nn.Sequential(nn.Linear(width, 128), nn.Tanh(), nn.Linear(128, 1))

    def forward(self, a, x):
        h = self.lift(torch.stack([a, x], dim=-1)).permute(0, 2, 1)
        for k, (spec, pw) in enumerate(zip(self.spectral, self.pointwise)):
            h = spec(h) + pw(h)
            if k < len(self.spectral) - 1:
                h = F.gelu(h)
        return self.proj(h.permute(0, 2, 1)).squeeze(-1)


def burgers_residual(model, a, nu=0.01):
    b, n = a.shape
    x = torch.linspace(0, 1, n).expand(b, n).clone().requires_grad_(True)
    u = model(a, x)
    u_x = torch.autograd.grad(u.sum(), x, create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x.sum(), x, create_graph=True)[0]
    forcing = torch.sin(torch.pi * x)
    return u * u_x - nu * u_xx - forcing, u


def train(a_train, u_train, epochs=100, w_pde=0.2):
    model = FNO1d()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    for ep in range(epochs):
        perm = torch.randperm(a_train.shape[0])
        for i in range(0, len(perm), 16):
            idx = perm[i : i + 16]
            res, u = burgers_residual(model, a_train[idx])
            loss = F.mse_loss(u, u_train[idx]) + w_pde * res.pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
    return model


if __name__ == "__main__":
    train(torch.randn(4, 64), torch.randn(4, 64), epochs=1)
