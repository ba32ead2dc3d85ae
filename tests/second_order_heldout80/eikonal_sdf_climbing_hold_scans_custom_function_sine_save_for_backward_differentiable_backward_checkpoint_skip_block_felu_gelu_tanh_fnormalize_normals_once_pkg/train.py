import logging

import torch

from config import get_args
from layers import HoldSDF
from losses import eikonal_loss, normal_alignment_loss, off_surface_loss, sdf_gradient

log = logging.getLogger("hold_sdf")


def scan_points(n, gen):
    """A jug-shaped hold: an ellipsoid; surface points with their outward normals."""
    axes = torch.tensor([0.6, 0.35, 0.25])
    d = torch.nn.functional.normalize(torch.randn(n, 3, generator=gen), dim=-1)
    surf = d * axes
    normals = torch.nn.functional.normalize(surf / axes.pow(2), dim=-1)
    return surf, normals


def main():
    args = get_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(9)
    model = HoldSDF(args.width, args.omega, args.checkpoint)
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    for step in range(args.steps):
        surf, normals = scan_points(args.n_surface, gen)
        space = torch.rand(args.n_space, 3, generator=gen) * 2 - 1
        sdf_s, grad_s = sdf_gradient(model, surf)
        sdf_q, grad_q = sdf_gradient(model, space)
        loss = (sdf_s.abs().mean()
                + args.w_eikonal * eikonal_loss(torch.cat([grad_s, grad_q]))
                + args.w_normal * normal_alignment_loss(grad_s, normals)
                + 0.1 * off_surface_loss(sdf_q))
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d loss %.4f", step, loss.item())
    assert model.first.linear.weight.grad is not None


if __name__ == "__main__":
    main()
