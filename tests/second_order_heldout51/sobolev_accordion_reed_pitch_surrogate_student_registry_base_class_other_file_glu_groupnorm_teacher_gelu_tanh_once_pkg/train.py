import torch
import torch.nn.functional as F

from config import FEATURES, get_parser
from students import build_student
from teacher import PhysicsTeacher


def sample_reeds(n, gen):
    """Normalised features of reeds from the bass (long) to the treble (short) side."""
    return torch.rand(n, len(FEATURES), generator=gen) * 2 - 1


def sobolev_loss(student, x, y_t, dy_t, args):
    create_graph = args.sobolev_weight > 0
    y_s, dy_s = student.value_and_input_grad(x, create_graph=create_graph)
    loss = F.mse_loss(y_s, y_t)
    if create_graph:
        loss = loss + args.sobolev_weight * F.mse_loss(dy_s, dy_t)
        loss = loss + args.cosine_weight * (1 - F.cosine_similarity(dy_s, dy_t, dim=-1)).mean()
    return loss


def main():
    args = get_parser().parse_args()
    gen = torch.Generator().manual_seed(args.seed)
    torch.manual_seed(args.seed)
    teacher = PhysicsTeacher(len(FEATURES))
    student = build_student(args.student, len(FEATURES), args.hidden)
    opt = torch.optim.Adam(student.parameters(), lr=args.lr)
    x_val = sample_reeds(128, gen)
    y_val, dy_val = teacher.targets(x_val)

    for step in range(args.steps):
        x = sample_reeds(args.batch, gen)
        y_t, dy_t = teacher.targets(x)
        loss = sobolev_loss(student, x, y_t, dy_t, args)
        opt.zero_grad()
        loss.backward()
        opt.step()
        _, dy_s = student.value_and_input_grad(x_val)
        with torch.no_grad():
            val = F.mse_loss(student(x_val), y_val).item()
            dval = F.mse_loss(dy_s, dy_val).item()
        print(f"step {step} loss {loss.item():.4f} val value-mse {val:.4f} val grad-mse {dval:.4f}")


if __name__ == "__main__":
    main()
