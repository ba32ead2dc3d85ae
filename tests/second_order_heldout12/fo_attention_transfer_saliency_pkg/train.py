import torch
import torch.nn.functional as F

from attribution import distill_loss, saliency_map
from models import Student, Teacher


def main():
    teacher, student = Teacher().eval(), Student()
    opt = torch.optim.SGD(student.parameters(), lr=0.05, momentum=0.9)
    for step in range(2):
        x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))
        t_map = saliency_map(teacher, x, y, create_graph=False).detach()
        s_map = saliency_map(student, x, y, create_graph=False)
        with torch.no_grad():
            t_logits = teacher(x)
        s_logits = student(x)
        # the attention term only monitors alignment here: its maps carry no graph to the student weights
        at_gap = (s_map - t_map).pow(2).sum(1).mean()
        loss = F.cross_entropy(s_logits, y) + distill_loss(s_logits, t_logits)
        opt.zero_grad(); loss.backward(); opt.step()
        print(step, loss.item(), at_gap.item())


if __name__ == "__main__":
    main()
