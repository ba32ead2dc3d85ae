import torch

from config import FieldConfig, TrainConfig
from models import Replicated, build_field
from regularizers import eikonal_term, surface_term


def sphere_points(n, r=0.5):
    p = torch.randn(n, 3)
    return r * p / p.norm(dim=-1, keepdim=True)


def main():
    cfg = TrainConfig(field=FieldConfig(act="relu6", hidden=32, layers=4))
    net = Replicated(build_field(cfg.field))
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        surf = sphere_points(cfg.batch)
        space = torch.rand(cfg.batch, 3) * 2 - 1
        colors = 0.5 + 0.5 * surf
        _, feat = net(surf)
        rgb = net.module.radiance(surf, feat)
        loss = surface_term(net.module, surf) + torch.nn.functional.mse_loss(rgb, colors)
        loss = loss + cfg.eikonal_weight * eikonal_term(net.module, space, create_graph=True)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
