"""Implicit Geometric Regularization (Gropp et al. 2020) for learning an SDF from an oriented point cloud:
softplus(beta=100) MLP with a skip connection and geometric initialisation, trained with the manifold,
normal and Eikonal terms; the point gradients are taken with create_graph=True."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import grad


def gradient(inputs, outputs):
    d_points = torch.ones_like(outputs, requires_grad=False, device=outputs.device)
    points_grad = grad(outputs=outputs, inputs=inputs, grad_outputs=d_points,
                       create_graph=True, retain_graph=True, only_inputs=True)[0][:, -3:]
    return points_grad


class ImplicitNet(nn.Module):
    def __init__(self, d_in=3, dims=(128, 128, 128, 128, 128), skip_in=(3,), geometric_init=True,
                 radius_init=1.0, beta=100):
        super().__init__()
        dims = [d_in] + list(dims) + [1]
        self.num_layers = len(dims)
        self.skip_in = skip_in
        for layer in range(0, self.num_layers - 1):
            if layer + 1 in skip_in:
                out_dim = dims[layer + 1] - d_in
            else:
                out_dim = dims[layer + 1]
            lin = nn.Linear(dims[layer], out_dim)
            if geometric_init:
                if layer == self.num_layers - 2:
                    torch.nn.init.normal_(lin.weight, mean=np.sqrt(np.pi) / np.sqrt(dims[layer]), std=0.00001)
                    torch.nn.init.constant_(lin.bias, -radius_init)
                else:
                    torch.nn.init.constant_(lin.bias, 0.0)
                    torch.nn.init.normal_(lin.weight, 0.0, np.sqrt(2) / np.sqrt(out_dim))
            setattr(self, "lin" + str(layer), lin)
        self.beta = beta

    def forward(self, input):
        x = input
        for layer in range(0, self.num_layers - 1):
            lin = getattr(self, "lin" + str(layer))
            if layer in self.skip_in:
                x = torch.cat([x, input], -1) / np.sqrt(2)
            x = lin(x)
            if layer < self.num_layers - 2:
                x = F.softplus(x, beta=self.beta)
        return x


class NormalPerPoint:
    def __init__(self, global_sigma=1.8, local_sigma=0.01):
        self.global_sigma = global_sigma
        self.local_sigma = local_sigma

    def get_points(self, pc_input, local_sigma=None):
        batch_size, sample_size, dim = pc_input.shape
        sigma = self.local_sigma if local_sigma is None else local_sigma.view(batch_size, -1, 1)
        sample_local = pc_input + torch.randn_like(pc_input) * sigma
        sample_global = (torch.rand(batch_size, sample_size // 8, dim) * (self.global_sigma * 2)) - self.global_sigma
        return torch.cat([sample_local, sample_global], dim=1)


def train(points, normals, local_sigma, nepochs=10000, points_batch=2048, grad_lambda=0.1, normals_lambda=1.0):
    network = ImplicitNet()
    sampler = NormalPerPoint()
    optimizer = torch.optim.Adam(network.parameters(), lr=0.005)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2000, gamma=0.5)
    for epoch in range(nepochs):
        indices = torch.randperm(points.size(0))[:points_batch]
        mnfld_pnts = points[indices]
        mnfld_n = normals[indices]
        nonmnfld_pnts = sampler.get_points(mnfld_pnts.unsqueeze(0), local_sigma[indices]).squeeze()
        mnfld_pnts.requires_grad_()
        nonmnfld_pnts.requires_grad_()
        mnfld_pred = network(mnfld_pnts)
        nonmnfld_pred = network(nonmnfld_pnts)
        mnfld_grad = gradient(mnfld_pnts, mnfld_pred)
        nonmnfld_grad = gradient(nonmnfld_pnts, nonmnfld_pred)
        mnfld_loss = mnfld_pred.abs().mean()
        grad_loss = ((nonmnfld_grad.norm(2, dim=-1) - 1) ** 2).mean()
        normals_loss = ((mnfld_grad - mnfld_n).abs()).norm(2, dim=1).mean()
        loss = mnfld_loss + grad_lambda * grad_loss + normals_lambda * normals_loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
    return network
