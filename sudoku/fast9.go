package sudoku

import "context"

// solve9 is the 9×9 path. For now it uses the general solver.
func solve9(ctx context.Context, g *Grid, limit int) (Result, error) {
	if c := Validate(*g); c != nil {
		return invalid(c)
	}
	gs := newGenSolver(ctx, Classic, limit)
	gs.run(g)
	res := Result{Count: gs.count, Stats: Stats{Guesses: gs.guesses}}
	if gs.count > 0 {
		res.Solution = *g
		gs.solution(&res.Solution)
	}
	return finish(res, limit, gs.err)
}
