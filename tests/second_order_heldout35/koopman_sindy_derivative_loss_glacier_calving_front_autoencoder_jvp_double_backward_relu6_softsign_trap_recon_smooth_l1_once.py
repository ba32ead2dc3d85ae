"""SINDy-style autoencoder for glacier calving-front positions.

The latent derivative dz/dt = (dphi/dx) xdot is obtained with the double-backward
jvp trick and matched to a sparse library regression Theta(z) Xi.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def library(z):
    ones = torch.ones(z.shape[0], 1)
    quad = torch.stack([z[:, i] * z[:, j] for i in range(z.shape[1]) for j in range(i, z.shape[1])], dim=1)
    return torch.cat([ones, z, quad, torch.sin(z)], dim=1)


class Encoder(nn.Module):
    def __init__(self, n_in, n_lat):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, 24), nn.ReLU6(), nn.Linear(24, 24), nn.Softsign(),
                                 nn.Linear(24, n_lat))

    def forward(self, x):
        return self.net(x)


class Decoder(nn.Module):
    def __init__(self, n_lat, n_out):
        super().__init__()
        self.fc1 = nn.Linear(n_lat, 24)
        self.fc2 = nn.Linear(24, n_out)

    def forward(self, z):
        return self.fc2(F.elu(self.fc1(z)))


def latent_derivative(enc, x, xdot):
    x = x.requires_grad_(True)
    z = enc(x)
    u = torch.zeros_like(z, requires_grad=True)
    (jt_u,) = torch.autograd.grad(z, x, grad_outputs=u, create_graph=True)
    (zdot,) = torch.autograd.grad(jt_u, u, grad_outputs=xdot, create_graph=True)
    return z, zdot


def main():
    torch.manual_seed(0)
    n_in, n_lat = 10, 2
    enc, dec = Encoder(n_in, n_lat), Decoder(n_lat, n_in)
    n_terms = library(torch.zeros(1, n_lat)).shape[1]
    xi = nn.Parameter(0.01 * torch.randn(n_terms, n_lat))
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()) + [xi], lr=1e-3)
    t = torch.linspace(0, 1, 32).unsqueeze(1)
    for step in range(3):
        front = torch.sin(3 * t + torch.linspace(0, 1, n_in)) + 0.05 * torch.randn(32, n_in)
        front_dot = 3 * torch.cos(3 * t + torch.linspace(0, 1, n_in))
        z, zdot = latent_derivative(enc, front, front_dot)
        recon = F.smooth_l1_loss(dec(z), front.detach(), beta=0.5)
        sindy = (zdot - library(z) @ xi).pow(2).mean()
        loss = recon + 0.1 * sindy + 1e-3 * xi.abs().sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(recon), float(sindy))


if __name__ == "__main__":
    main()
