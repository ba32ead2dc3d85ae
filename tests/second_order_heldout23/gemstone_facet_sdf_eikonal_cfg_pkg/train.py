import torch

from config import SDFConfig
from models import FacetSDF

cfg = SDFConfig(activation="gelu_tanh", color_activation="relu6")
model = FacetSDF(cfg)
opt = torch.optim.Adam(model.parameters(), lr=5e-4)

for it in range(3):
    surf = torch.randn(128, 3)
    surf = surf / surf.norm(dim=-1, keepdim=True)
    rgb = torch.rand(128, 3)
    free = torch.empty(128, 3).uniform_(-1.5, 1.5).requires_grad_(True)
    sdf_s, h_s = model(surf)
    sdf_f, _ = model(free)
    grad_f = torch.autograd.grad(sdf_f.sum(), free, create_graph=True)[0]
    eikonal = ((grad_f.norm(dim=-1) - 1.0) ** 2).mean()
    normals = torch.nn.functional.normalize(surf, dim=-1)
    color_loss = (model.shade(h_s, normals) - rgb).abs().mean()
    loss = sdf_s.abs().mean() + cfg.eikonal_weight * eikonal + color_loss
    opt.zero_grad()
    loss.backward()
    opt.step()
