"""Signed-distance loss for a cast-iron pan lid scan: surface fit plus the eikonal term |grad f| = 1 on volume
samples. The network is an argument of the loss module's forward; this file defines no network."""
import torch
import torch.nn as nn


class SDFLoss(nn.Module):
    def __init__(self, lam=0.1):
        super().__init__()
        self.lam = lam
        self.surface_fit = nn.SmoothL1Loss(beta=0.01)

    def forward(self, sdf_net, surface_pts, volume_pts):
        volume_pts = volume_pts.requires_grad_(True)
        d = sdf_net(volume_pts)
        (g,) = torch.autograd.grad(d.sum(), volume_pts, create_graph=True)
        eikonal = (g.norm(dim=-1) - 1.0).pow(2).mean()
        on_surface = self.surface_fit(sdf_net(surface_pts), torch.zeros(surface_pts.size(0), 1))
        return on_surface + self.lam * eikonal
