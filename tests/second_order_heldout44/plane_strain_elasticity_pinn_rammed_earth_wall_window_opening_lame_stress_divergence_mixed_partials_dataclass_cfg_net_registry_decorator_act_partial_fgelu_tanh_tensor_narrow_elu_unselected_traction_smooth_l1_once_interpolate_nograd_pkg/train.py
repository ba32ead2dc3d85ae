"""Train the displacement PINN of a rammed-earth wall with a window opening; report von Mises stresses."""
import torch
import torch.nn.functional as F

from config import CONFIG
from networks import build_net
from pde import equilibrium, stresses, traction


def inside(x, g):
    x0, x1, y0, y1 = g.window
    in_win = (x[:, 0] > x0) & (x[:, 0] < x1) & (x[:, 1] > y0) & (x[:, 1] < y1)
    return ~in_win


def sample_interior(g, n):
    pts = torch.rand(3 * n, 2) * torch.tensor([g.width, g.height])
    return pts[inside(pts, g)][:n]


def sample_edges(g, n):
    s = torch.rand(n, 1)
    x0, x1, y0, y1 = g.window
    one, zero = torch.ones_like(s), torch.zeros_like(s)
    pts = [torch.cat([zero, s * g.height], 1), torch.cat([one * g.width, s * g.height], 1),
           torch.cat([x0 + s * (x1 - x0), one * y0], 1), torch.cat([x0 + s * (x1 - x0), one * y1], 1),
           torch.cat([one * x0, y0 + s * (y1 - y0)], 1), torch.cat([one * x1, y0 + s * (y1 - y0)], 1)]
    normals = [torch.cat([-one, zero], 1), torch.cat([one, zero], 1), torch.cat([zero, one], 1),
               torch.cat([zero, -one], 1), torch.cat([one, zero], 1), torch.cat([-one, zero], 1)]
    top = torch.cat([s * g.width, one * g.height], 1)
    return torch.cat(pts), torch.cat(normals), top


def dic_targets(n):
    """Vertical displacements read from digital image correlation of the test wall (synthetic here)."""
    pts = torch.rand(n, 2) * torch.tensor([1.6, 1.0])
    return pts, -0.03 * pts[:, 1:2] * (1.0 + 0.1 * torch.sin(3.0 * pts[:, 0:1]))


@torch.no_grad()
def von_mises_map(sxx, syy, sxy, nu, n):
    szz = nu * (sxx + syy)
    vm = torch.sqrt(0.5 * ((sxx - syy) ** 2 + (syy - szz) ** 2 + (szz - sxx) ** 2) + 3 * sxy ** 2)
    img = vm.reshape(1, 1, n, n)
    return F.interpolate(img, size=(4 * n, 4 * n), mode="bilinear", align_corners=False)


def report(net, cfg, n=16):
    g = cfg.geometry
    gx, gy = torch.meshgrid(torch.linspace(0.01, g.width, n), torch.linspace(0.01, g.height, n), indexing="ij")
    x = torch.stack([gx.reshape(-1), gy.reshape(-1)], 1).requires_grad_(True)
    sxx, syy, sxy = stresses(net, x, cfg.material, create_graph=False)
    vm = von_mises_map(sxx.detach(), syy.detach(), sxy.detach(), cfg.material.poisson, n)
    return vm.max().item()


def main(cfg=CONFIG):
    torch.manual_seed(cfg.seed)
    net = build_net(cfg.net)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.train.lr)
    x_dic, uy_dic = dic_targets(24)
    for step in range(cfg.train.steps):
        x = sample_interior(cfg.geometry, cfg.train.n_col).requires_grad_(True)
        rx, ry = equilibrium(net, x, cfg.material)
        loss_pde = (rx ** 2 + ry ** 2).mean()
        xe, ne, top = sample_edges(cfg.geometry, cfg.train.n_edge)
        xe.requires_grad_(True)
        tx, ty = traction(net, xe, ne, cfg.material)
        top.requires_grad_(True)
        _, syy_top, sxy_top = stresses(net, top, cfg.material)
        t_res = torch.cat([tx, ty, syy_top + cfg.material.roof_load, sxy_top])
        loss_t = F.smooth_l1_loss(t_res, torch.zeros_like(t_res), beta=0.01)
        uy_pred = x_dic[:, 1:2] * net(x_dic)[:, 1:2]
        loss_dic = F.mse_loss(uy_pred, uy_dic)
        loss = loss_pde + cfg.train.w_traction * loss_t + cfg.train.w_dic * loss_dic
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4e} pde {loss_pde.item():.3e} traction {loss_t.item():.3e} dic {loss_dic.item():.3e}")
    print(f"peak von Mises (report grid): {report(net, cfg):.4f}")


if __name__ == "__main__":
    main()
