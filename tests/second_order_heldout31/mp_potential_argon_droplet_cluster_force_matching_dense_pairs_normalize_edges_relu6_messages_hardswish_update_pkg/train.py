import torch

from model import ClusterPotential


def lennard_jones(pos, eps=1.0, sigma=1.0):
    pos = pos.detach().requires_grad_(True)
    r = torch.cdist(pos, pos) + torch.eye(pos.shape[0])
    inv6 = (sigma / r) ** 6
    e = (4 * eps * (inv6 ** 2 - inv6) * (1 - torch.eye(pos.shape[0]))).sum() / 2
    f = -torch.autograd.grad(e, pos)[0]
    return e.detach(), f


def random_cluster(n=6):
    return torch.randn(n, 3) * 0.6 + torch.arange(n)[:, None] * torch.tensor([1.1, 0.0, 0.0])


def main(force_weight=10.0):
    torch.manual_seed(0)
    model = ClusterPotential()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    model.train()
    for step in range(3):
        pos = random_cluster()
        e_ref, f_ref = lennard_jones(pos)
        e_pred, f_pred = model.energy_and_forces(pos)
        loss = (e_pred - e_ref.clamp(max=5.0)) ** 2 * 1e-2 + force_weight * (f_pred - f_ref.clamp(-5, 5)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 4))
    model.eval()
    e, f = model.energy_and_forces(random_cluster())
    print("eval energy", e.item(), "max |F|", f.abs().max().item())


if __name__ == "__main__":
    main()
