"""Physics-informed Fourier neural operator for 2-D Darcy flow, -div(a grad u) = 1 on the unit square.
The PDE residual is computed with central finite differences on the output grid (as in PINO's FDM
variant), so no derivative of the network is differentiated: training is first order, even though the
spectral layers use rfft2 / irfft2."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpectralConv2d(nn.Module):
    def __init__(self, cin, cout, m1, m2):
        super().__init__()
        scale = 1 / (cin * cout)
        self.m1, self.m2 = m1, m2
        self.w1 = nn.Parameter(scale * torch.randn(cin, cout, m1, m2, dtype=torch.cfloat))
        self.w2 = nn.Parameter(scale * torch.randn(cin, cout, m1, m2, dtype=torch.cfloat))

    def forward(self, x):
        B, C, H, W = x.shape
        x_ft = torch.fft.rfft2(x)
        out = torch.zeros(B, self.w1.size(1), H, W // 2 + 1, dtype=torch.cfloat)
        out[:, :, :self.m1, :self.m2] = torch.einsum("bixy,ioxy->boxy", x_ft[:, :, :self.m1, :self.m2], self.w1)
        out[:, :, -self.m1:, :self.m2] = torch.einsum("bixy,ioxy->boxy", x_ft[:, :, -self.m1:, :self.m2], self.w2)
        return torch.fft.irfft2(out, s=(H, W))


class FNO2d(nn.Module):
    def __init__(self, modes=8, width=24, depth=4):
        super().__init__()
        self.lift = nn.Linear(3, width)
        self.spectral = nn.ModuleList(SpectralConv2d(width, width, modes, modes) for _ in range(depth))
        self.pointwise = nn.ModuleList(nn.Conv2d(width, width, 1) for _ in range(depth))
        self.proj = nn.Sequential(nn.Linear(width, 128), nn.GELU(), nn.Linear(128, 1))

    def forward(self, a):
        B, H, W = a.shape
        gy, gx = torch.meshgrid(torch.linspace(0, 1, H), torch.linspace(0, 1, W), indexing="ij")
        x = self.lift(torch.stack([a, gx.expand(B, H, W), gy.expand(B, H, W)], -1)).permute(0, 3, 1, 2)
        for k, (sc, pw) in enumerate(zip(self.spectral, self.pointwise)):
            x = sc(x) + pw(x)
            if k < len(self.spectral) - 1:
                x = F.gelu(x)
        u = self.proj(x.permute(0, 2, 3, 1)).squeeze(-1)
        return F.pad(u[:, 1:-1, 1:-1], (1, 1, 1, 1))            # homogeneous Dirichlet boundary


def darcy_fd_residual(u, a):
    h = 1.0 / (u.size(-1) - 1)
    ax = 0.5 * (a[:, 1:-1, 2:] + a[:, 1:-1, 1:-1])
    ax_m = 0.5 * (a[:, 1:-1, :-2] + a[:, 1:-1, 1:-1])
    ay = 0.5 * (a[:, 2:, 1:-1] + a[:, 1:-1, 1:-1])
    ay_m = 0.5 * (a[:, :-2, 1:-1] + a[:, 1:-1, 1:-1])
    flux = (ax * (u[:, 1:-1, 2:] - u[:, 1:-1, 1:-1]) - ax_m * (u[:, 1:-1, 1:-1] - u[:, 1:-1, :-2])
            + ay * (u[:, 2:, 1:-1] - u[:, 1:-1, 1:-1]) - ay_m * (u[:, 1:-1, 1:-1] - u[:, :-2, 1:-1])) / h ** 2
    return -flux - 1.0


def train(coeffs, solutions, epochs=1, w_pde=0.2):
    model = FNO2d()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-4)
    for _ in range(epochs):
        for a, u_ref in zip(coeffs, solutions):
            u = model(a)
            loss = F.mse_loss(u, u_ref) + w_pde * darcy_fd_residual(u, a).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


if __name__ == "__main__":
    a = torch.rand(1, 2, 16, 16) + 0.5
    print(train(a, torch.zeros(1, 2, 16, 16)) is not None)
