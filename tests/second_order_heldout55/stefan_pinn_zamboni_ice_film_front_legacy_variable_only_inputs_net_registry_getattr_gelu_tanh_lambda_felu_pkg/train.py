import torch
import torch.nn.functional as F

from config import CFG
from nets import FrontNet, build
from pde import heat_residual, stefan_residual


def sample(n, t_end):
    return torch.cat([torch.rand(n, 1), torch.rand(n, 1) * t_end], 1)


def boundary_loss(T_net, front, n, t_end, T_air):
    t = torch.rand(n, 1) * t_end
    top = torch.cat([torch.zeros_like(t), t], 1)            # slab side held at T_air
    melt = torch.cat([front(t).detach(), t], 1)            # T = 0 at the front
    target = torch.cat([torch.full_like(t, T_air), torch.zeros_like(t)])
    return F.smooth_l1_loss(T_net(torch.cat([top, melt])), target, beta=0.05)


@torch.no_grad()
def front_report(front, t_end):
    t = torch.linspace(0, t_end, 11).unsqueeze(1)
    s = front(t).squeeze(1)
    return s[0].item(), s[-1].item(), torch.trapz(s, t.squeeze(1)).item()


def main():
    torch.manual_seed(5)
    ph, tr = CFG["physics"], CFG["train"]
    T_net = build(CFG)
    front = FrontNet(CFG["front"]["hidden"], CFG["front"]["s0"])
    opt = torch.optim.Adam(list(T_net.parameters()) + list(front.parameters()), lr=tr["lr"])
    for epoch in range(tr["epochs"]):
        res = heat_residual(T_net, front, sample(tr["n_interior"], ph["t_end"]), ph["alpha"])
        st, s_now = stefan_residual(T_net, front, torch.rand(tr["n_front"], 1) * ph["t_end"], ph["stefan"])
        bc = boundary_loss(T_net, front, tr["n_bc"], ph["t_end"], ph["T_air"])
        loss = tr["w_res"] * res.pow(2).mean() + tr["w_stefan"] * st.pow(2).mean() + tr["w_bc"] * bc
        opt.zero_grad()
        loss.backward()
        opt.step()
        for group in opt.param_groups:
            group["lr"] = group["lr"] * 0.98
        s0, s1, area = front_report(front, ph["t_end"])
        print("epoch %d loss %.4e res %.3e stefan %.3e bc %.3e | s(0)=%.3f s(T)=%.3f int=%.3f"
              % (epoch, loss.item(), res.pow(2).mean().item(), st.pow(2).mean().item(), bc.item(), s0, s1, area))


if __name__ == "__main__":
    main()
