"""Find the first excited vibrational level of a Morse oscillator with a PINN and a learnable energy."""
import torch

from config import load_config
from nets import build_wavefunction
from physics import eigen_residual, normalisation_loss, orthogonality_loss, residual_loss


def main():
    torch.manual_seed(0)
    cfg = load_config()
    ph, tr = cfg["physics"], cfg["train"]
    D, a, r0 = ph.getfloat("depth_D"), ph.getfloat("alpha"), ph.getfloat("r0")
    r_min, r_max = ph.getfloat("r_min"), ph.getfloat("r_max")
    psi_net = build_wavefunction(cfg["model"], r_min, r_max)
    ground = build_wavefunction(cfg["model"], r_min, r_max).eval()
    energy = torch.nn.Parameter(torch.tensor(2.0))
    opt = torch.optim.Adam(list(psi_net.parameters()) + [energy], lr=tr.getfloat("lr"))
    r_grid = torch.linspace(r_min, r_max, 128).unsqueeze(1)
    for step in range(tr.getint("steps")):
        r = r_min + (r_max - r_min) * torch.rand(tr.getint("n_collocation"), 1)
        res, psi = eigen_residual(psi_net, r, energy, D, a, r0)
        loss = residual_loss(res, psi)
        loss = loss + tr.getfloat("w_norm") * normalisation_loss(psi_net, r_grid)
        if ph.getint("level") > 0:
            loss = loss + tr.getfloat("w_orth") * orthogonality_loss(psi_net, ground, r_grid)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f} E {energy.item():.4f}")


if __name__ == "__main__":
    main()
