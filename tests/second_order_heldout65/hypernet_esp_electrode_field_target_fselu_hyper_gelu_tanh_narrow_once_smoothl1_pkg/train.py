"""Fit the hypernetwork so that -grad(phi) matches probe measurements and phi meets the plate / wire voltages."""
import logging

import torch
import torch.nn.functional as F

from config import SETTINGS as S
from field import count_params, electric_field, line_charge_reference, potential, split_flat
from hypernet import GeometryHyperNet

log = logging.getLogger("esp_hyper")


def sample_scenes(n, gen):
    volt = 0.6 + 0.4 * torch.rand(n, 1, generator=gen)
    spacing = 0.15 + 0.1 * torch.rand(n, 1, generator=gen)
    gap = 0.12 + 0.05 * torch.rand(n, 1, generator=gen)
    return torch.cat([volt, spacing, gap], dim=1)


def probe_points(cond, n, gen):
    u = torch.rand(cond.shape[0], n, 2, generator=gen) * 2 - 1
    scale = torch.stack([2 * cond[:, 1], 0.9 * cond[:, 2]], dim=-1).unsqueeze(1)
    return u * scale


def boundary_points(cond, n, gen):
    x = (torch.rand(cond.shape[0], n, 1, generator=gen) * 2 - 1) * 2 * cond[:, 1:2].unsqueeze(1)
    side = torch.where(torch.rand(cond.shape[0], n, 1, generator=gen) < 0.5, -1.0, 1.0)
    y = side * cond[:, 2:3].unsqueeze(1)
    return torch.cat([x, y], dim=-1)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(S["seed"])
    gen = torch.Generator().manual_seed(S["seed"])
    sizes = S["target_layers"]
    hyper = GeometryHyperNet(S["cond_dim"], S["hyper_hidden"], count_params(sizes))
    opt = torch.optim.Adam(hyper.parameters(), lr=S["lr"])

    for step in range(S["steps"]):
        cond = sample_scenes(S["scenes_per_batch"], gen)
        layers = split_flat(hyper(cond), sizes)
        xy = probe_points(cond, S["probes_per_scene"], gen)
        e_meas = line_charge_reference(xy, cond)
        e_pred, _ = electric_field(xy, layers)
        field_loss = F.smooth_l1_loss(e_pred, e_meas, beta=0.1)
        phi_plate = potential(boundary_points(cond, S["boundary_points"], gen), layers)
        bc_loss = F.mse_loss(phi_plate, torch.zeros_like(phi_plate))
        loss = S["w_field"] * field_loss + S["w_boundary"] * bc_loss
        opt.zero_grad(set_to_none=True)
        loss.backward()
        first = hyper.body[0].weight.grad.abs().sum().item()
        opt.step()
        log.info("step %d field %.4f bc %.4f |dH0| %.3e", step, field_loss.item(), bc_loss.item(), first)

    # the field term alone reaches the hypernetwork (through the double backward of the potential net)
    cond = sample_scenes(2, gen)
    layers = split_flat(hyper(cond), sizes)
    xy = probe_points(cond, 8, gen)
    e_pred, _ = electric_field(xy, layers)
    (g,) = torch.autograd.grad(e_pred.pow(2).sum(), hyper.body[0].weight)
    assert g.abs().sum() > 0


if __name__ == "__main__":
    main()
